// Seed 004 ("Mostrar tarjetas digitales"): the Swift samples, copied as
// written. Edits, all of them:
//   * the imports below (the seed shows none);
//   * the seed's last snippet ("Obtener detalles del esquema auxiliar") is a
//     fragment with `digitalCard` in scope and `try await` at top level, so it
//     is wrapped in `func retrieveAuxiliaryDetails(digitalCard:) async throws`.
// Everything inside the functions is the seed's text, comments included.
// swift-format-ignore-file
import DigitalCards

func retrieveCardList() async {
  let manager = DigitalCardManager()
  do {
    let cardList = try await manager.cardList
    // Use cardList para poblar su interfaz de usuario.
  } catch {
    // Manejar errores.
  }
}

func getDigitalCards() async throws {
  let manager = DigitalCardManager()

  // Obtenga la lista completa una vez y luego acceda a los elementos localmente.
  let cardList = try await manager.cardList

  // Obtenga la tarjeta designada como tarjeta predeterminada.
  let defaultCard = try await manager.defaultCard

  // Obtenga la primera tarjeta de la lista.
  let firstCard = cardList.first

  // Obtenga la última tarjeta de la lista.
  let lastCard = cardList.last

  // Recuperar la tarjeta en un índice específico.
  // Acceder a un índice fuera de rango provocará un fallo, así que valide primero.
  let index = 0
  guard cardList.indices.contains(index) else { return }
  let cardAtIndex = cardList[index]

  // Recupere la última tarjeta usando el recuento de la lista.
  let cardCount = cardList.count
  let lastCardByIndex = cardList[cardCount - 1]

  // Recupere la tarjeta con un digitalCardID específico.
  let digitalCardID = ""
  let specificCard = await manager.digitalCard(forID: digitalCardID)
}

func retrieveCardDetails(digitalCard: DigitalCard) async {
  do {
    // estados de la tarjeta: .active, .suspended, .inactive, etc.
    // las tarjetas .active se pueden usar para pagar
    // las tarjetas .suspended requieren activación para poder realizar pagos
    // las tarjetas .inactive implican que el ID&V inicial no se ha completado.
    // Use pendingActivationSession para reanudar el ID&V.
    // otros casos, la tarjeta no está en uso
    let cardState = try await digitalCard.state

    // recuperación de la imagen de la tarjeta
    let cardArt = try await digitalCard.cardArt
    let bitmap = try await cardArt.bitmap(forArtType: .cardBackgroundCombined)
    // Tipos de imagen: .bankLogo, .schemeLogo, .cardBackground, .cardBackgroundCombined, .coBrandLogo, .cardIcon.

    // recuperación de metadatos de la tarjeta
    let cardMetadata = try await digitalCard.cardMetadata
    let panLastDigits = cardMetadata.panLastDigits
    let panExpiry = cardMetadata.panExpiry

    // información de la clave de pago de la tarjeta
    let paymentKeyInfo = try await digitalCard.paymentKeyInfo
    let numberOfPaymentsLeft = paymentKeyInfo.numberOfPaymentsLeft
    let needsReplenishment = paymentKeyInfo.needsReplenishment

    // detalles de la tarjeta
    let cardDetail = try await digitalCard.details
    let scheme = cardDetail.scheme
    let supportedPaymentTypes = cardDetail.paymentTypesSupported

    // Referencia de cuenta de pago (PAR) para el perfil principal de la tarjeta
    let paymentAccountReference = digitalCard.paymentAccountReference
    
  } catch {
    // Manejar errores.
  }
}

func retrieveAuxiliaryDetails(digitalCard: DigitalCard) async throws {
// Detalles adicionales de la tarjeta de doble marca
let details = try await digitalCard.details
let cardMetadata = try await digitalCard.cardMetadata
let paymentKeyInfo = try await digitalCard.paymentKeyInfo

if digitalCard.hasAuxiliaryScheme {
  let auxScheme = details.auxiliaryScheme

  let auxTokenLastDigits = cardMetadata.auxiliaryTokenLastDigits
  let auxTokenExpiry = cardMetadata.auxiliaryTokenExpiry

  let auxNumPaymentsLeft = paymentKeyInfo.auxiliaryNumberOfPaymentsLeft

  // Referencia de cuenta de pago (PAR) para el perfil de la tarjeta auxiliar
  let auxPaymentAccountReference = digitalCard.auxiliaryPaymentAccountReference
  
  // Estos valores son `nil` si la tarjeta no es de doble marca.
}
}
