/// `/search` by token reference (the only search the connector makes: never
/// by account PAN or token number, so neither travels).
package struct MDESSearchRequest: Codable, Sendable, Hashable {
    package var tokenUniqueReference: String
    package var auditInfo: MDESAuditInfo

    enum CodingKeys: String, CodingKey {
        case tokenUniqueReference = "TokenUniqueReference", auditInfo = "AuditInfo"
    }
}

/// `SearchResponse`: accounts, each with the tokens mapped to it.
package struct MDESSearchResponse: Codable, Sendable, Hashable {
    package struct Accounts: Codable, Sendable, Hashable {
        package var account: [Account]?

        package init(account: [Account]?) { self.account = account }

        enum CodingKeys: String, CodingKey { case account = "Account" }
    }

    package struct Account: Codable, Sendable, Hashable {
        package var accountPanSuffix: String?
        /// `MMYY` of the account PAN.
        package var expirationDate: String?
        package var tokens: Tokens?

        package init(accountPanSuffix: String?, expirationDate: String?, tokens: Tokens?) {
            self.accountPanSuffix = accountPanSuffix
            self.expirationDate = expirationDate
            self.tokens = tokens
        }

        enum CodingKeys: String, CodingKey {
            case accountPanSuffix = "AccountPanSuffix", expirationDate = "ExpirationDate", tokens = "Tokens"
        }
    }

    package struct Tokens: Codable, Sendable, Hashable {
        package var token: [MDESToken]?

        package init(token: [MDESToken]?) { self.token = token }

        enum CodingKeys: String, CodingKey { case token = "Token" }
    }

    package var accounts: Accounts?

    package init(accounts: Accounts?) {
        self.accounts = accounts
    }

    /// Every token of every account.
    package var allTokens: [(account: Account, token: MDESToken)] {
        (accounts?.account ?? []).flatMap { account in (account.tokens?.token ?? []).map { (account, $0) } }
    }

    enum CodingKeys: String, CodingKey { case accounts = "Accounts" }
}

/// `SystemStatusResponse`.
package struct MDESSystemStatusResponse: Codable, Sendable, Hashable {
    package var commentText: String?
    package var lastStatusDateTime: String?

    package init(commentText: String?, lastStatusDateTime: String?) {
        self.commentText = commentText
        self.lastStatusDateTime = lastStatusDateTime
    }

    enum CodingKeys: String, CodingKey {
        case commentText = "CommentText", lastStatusDateTime = "LastStatusDateTime"
    }
}
