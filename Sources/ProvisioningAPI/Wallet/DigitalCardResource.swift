extension DigitalCardResource {
    /// Whether the card is dual-brand.
    package var hasAuxiliaryScheme: Bool { details.auxiliaryScheme != nil }
}
