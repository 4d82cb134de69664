extension DigitalCard {
    /// The art of a card: six images per card product, fetched one at a
    /// time and cached on the device by entity tag, so they show offline.
    ///
    /// ```swift
    /// let art = try await card.cardArt
    /// let background = try await art.bitmap(forArtType: .cardBackgroundCombined)
    /// let icon = try await art.bitmap(forArtType: .cardIcon)
    /// ```
    public struct CardArt: Sendable {
        /// The card the art belongs to.
        public let cardId: String
        /// The card product the art was designed for.
        public let productId: String?
        let engine: WalletEngine

        /// One image of the card.
        ///
        /// - Parameter artType: `.bankLogo`, `.schemeLogo`, `.cardBackground`,
        ///   `.cardBackgroundCombined`, `.coBrandLogo` or `.cardIcon`.
        /// - Returns: the checked PNG image with its size.
        /// - Throws: ``DigitalCardError`` ``DigitalCardError/Code/cardNotFound``
        ///   when the card or that image does not exist,
        ///   ``DigitalCardError/Code/invalidFormat`` for a damaged image,
        ///   transport errors when offline with nothing cached.
        public func bitmap(forArtType artType: ArtType) async throws(DigitalCardError) -> Bitmap {
            try await engine.art(cardId: cardId, type: artType)
        }
    }
}
