/// The body of `/token/suspend`, `/token/unsuspend`, `/token/delete` and
/// `/token/activate` by token reference: the same members under each
/// operation's envelope name (``MDESOperation/requestName``).
package struct MDESTokenChangeRequest: Codable, Sendable, Hashable {
    package var tokenUniqueReference: String
    /// At most 500 characters.
    package var commentText: String?
    /// One letter, from the operation's list (``MDESReasonCode``).
    package var reasonCode: String
    package var auditInfo: MDESAuditInfo

    package static let commentLimit = 500

    package init(tokenUniqueReference: String, commentText: String?, reasonCode: String, auditInfo: MDESAuditInfo) {
        self.tokenUniqueReference = tokenUniqueReference
        self.commentText = commentText.map { String($0.prefix(Self.commentLimit)) }
        self.reasonCode = reasonCode
        self.auditInfo = auditInfo
    }

    enum CodingKeys: String, CodingKey {
        case tokenUniqueReference = "TokenUniqueReference", commentText = "CommentText", reasonCode = "ReasonCode"
        case auditInfo = "AuditInfo"
    }
}

/// `SimpleTokenResponse`: what a change answers, the token's reference and
/// the id of the comment MDES recorded.
package struct MDESSimpleTokenResponse: Codable, Sendable, Hashable {
    package struct Token: Codable, Sendable, Hashable {
        package var tokenUniqueReference: String
        package var commentId: String?

        package init(tokenUniqueReference: String, commentId: String?) {
            self.tokenUniqueReference = tokenUniqueReference
            self.commentId = commentId
        }

        enum CodingKeys: String, CodingKey {
            case tokenUniqueReference = "TokenUniqueReference", commentId = "CommentId"
        }
    }

    package var token: Token

    package init(token: Token) {
        self.token = token
    }

    enum CodingKeys: String, CodingKey {
        case token = "Token"
    }
}
