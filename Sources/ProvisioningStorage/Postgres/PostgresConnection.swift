import CPostgres
import Dispatch
import Foundation
import Synchronization

/// One libpq connection, used only on its own serial queue (libpq calls wait on
/// the network).
final class PostgresConnection: QueuedConnection, @unchecked Sendable {
    let queue: DispatchQueue
    private let handle: OpaquePointer
    /// Set by libpq's notice receiver when the server said, between
    /// statements, that it is ending the session.
    private let termination: TerminationNotice
    /// Statements already rewritten to `$n` placeholders, by their text; touched
    /// only on `queue`. A service sends the same few dozen statements over and
    /// over, and rewriting scans every byte of each.
    private var rewrites: [String: PlaceholderRewriter.Rewritten] = [:]
    /// Server-side names of the batch statements prepared on this connection, by
    /// rewritten text and parameter types; touched only on `queue`. `nil` when the
    /// options turn preparing off.
    private var prepared: [PreparedKey: String]?
    /// Numbers the names, so a name is never reused on this connection, even for
    /// a statement whose preparation was skipped in an aborted batch.
    private var preparedNames = 0
    private static let preparedCapacity = 256

    private struct PreparedKey: Hashable {
        let sql: String
        let types: [Oid]
    }
    private static let rewriteCacheCapacity = 256

    private init(
        handle: OpaquePointer, queue: DispatchQueue, termination: TerminationNotice, preparesStatements: Bool
    ) {
        self.handle = handle
        self.queue = queue
        self.termination = termination
        prepared = preparesStatements ? [:] : nil
    }

    /// What the server sends an idle session it ends — a restart's
    /// `FATAL 57P01 terminating connection due to administrator command`, an
    /// `idle_session_timeout` — arrives outside any query, and libpq hands it to
    /// the notice receiver rather than failing the connection; the socket's end
    /// follows. The receiver notes it here.
    private final class TerminationNotice: Sendable {
        private let seen = Atomic<Bool>(false)

        var isSet: Bool { seen.load(ordering: .relaxed) }

        /// Notes `result` (a notice) when its severity is FATAL or PANIC, or its
        /// SQLSTATE is of the 57P class (a shutdown, a crash of another backend,
        /// a session timeout).
        func observe(_ result: OpaquePointer) {
            let severity = PQresultErrorField(result, Int32(UInt8(ascii: "V"))).map { String(cString: $0) }
            let sqlState = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) }
            if severity == "FATAL" || severity == "PANIC" || sqlState?.hasPrefix("57P") == true {
                seen.store(true, ordering: .relaxed)
            }
        }
    }

    deinit {
        PQfinish(handle)
    }

    /// Connects on a new queue. `connectionString` (URL or `key=value` list) is
    /// handed to libpq as it is; the options only fill settings it leaves unset.
    static func connect(_ connectionString: String, options: PostgresOptions) async throws -> PostgresConnection {
        let queue = ConnectionQueue.make(label: "storage.postgres.connection")
        return try await withCheckedThrowingContinuation { continuation in
            queue.async {
                continuation.resume(
                    with: Result { try connectBlocking(connectionString, options: options, queue: queue) })
            }
        }
    }

    private static func connectBlocking(
        _ connectionString: String, options: PostgresOptions, queue: DispatchQueue
    ) throws -> PostgresConnection {
        // With expand_dbname, keywords inside the connection string override the
        // defaults listed before it.
        let pairs = [
            ("connect_timeout", String(options.defaultConnectTimeout)),
            ("fallback_application_name", options.applicationName),
            ("dbname", connectionString),
        ]
        let keywords = pairs.map { strdup($0.0) }
        let values = pairs.map { strdup($0.1) }
        defer {
            for pointer in keywords + values { free(pointer) }
        }
        let keywordPointers: [UnsafePointer<CChar>?] = keywords.map { $0.map { UnsafePointer($0) } } + [nil]
        let valuePointers: [UnsafePointer<CChar>?] = values.map { $0.map { UnsafePointer($0) } } + [nil]
        guard let handle = PQconnectdbParams(keywordPointers, valuePointers, 1) else {
            throw StorageError(.connectionFailure, "libpq could not allocate a connection")
        }
        guard PQstatus(handle) == CONNECTION_OK else {
            let message = firstLine(PQerrorMessage(handle))
            PQfinish(handle)
            throw StorageError(.connectionFailure, "cannot connect to PostgreSQL: \(message)")
        }
        // Notices (such as "relation already exists, skipping") would go to
        // stderr; the receiver keeps only the news that the session is ending.
        // The connection keeps `termination` alive as long as the handle.
        let termination = TerminationNotice()
        PQsetNoticeReceiver(
            handle,
            { context, result in
                guard let context, let result else { return }
                Unmanaged<TerminationNotice>.fromOpaque(context).takeUnretainedValue().observe(result)
            }, Unmanaged.passUnretained(termination).toOpaque())
        let connection = PostgresConnection(
            handle: handle, queue: queue, termination: termination,
            preparesStatements: options.preparesBatchStatements)
        // Timestamps without time zone are read and written as UTC; results are
        // parsed from these formats.
        try connection.executeScriptBlocking(
            "SET TIME ZONE 'UTC'; SET DateStyle TO 'ISO, YMD'; SET client_encoding TO 'UTF8'; SET bytea_output TO 'hex'"
        )
        return connection
    }

    /// Whether the connection is alive, outside any transaction and out of pipeline
    /// mode. Reads state that libpq already holds and reads pending input without
    /// waiting, so a server that closed an idle connection (a restart) is noticed
    /// before the connection is handed out again. Call only while no task uses the connection.
    var isReusable: Bool {
        PQconsumeInput(handle) != 0 && PQstatus(handle) == CONNECTION_OK && isAtRest
    }

    /// Outside any transaction and out of pipeline mode, from what libpq holds
    /// (no read).
    var isAtRest: Bool {
        PQtransactionStatus(handle) == PQTRANS_IDLE && PQpipelineStatus(handle) == PQ_PIPELINE_OFF
    }

    /// Whether the server still serves this idle connection: checked before the
    /// pool hands it out again, without waiting.
    ///
    /// Reads what has arrived and parses it, so a termination notice the server
    /// sent between statements reaches the notice receiver, then reads once more:
    /// libpq learns of the end of the stream only on a read that finds it, and
    /// the first read may have consumed just the notice in front of it. On an
    /// idle healthy connection both reads find nothing (two `recv` calls that
    /// would block). Call only while no task uses the connection.
    var isAlive: Bool {
        guard PQconsumeInput(handle) != 0 else { return false }
        _ = PQisBusy(handle)
        return !termination.isSet && PQconsumeInput(handle) != 0 && PQstatus(handle) == CONNECTION_OK
    }

    /// Whether an open transaction was aborted by an error and only accepts ROLLBACK.
    var isTransactionFailed: Bool { PQtransactionStatus(handle) == PQTRANS_INERROR }

    func executeBlocking(_ sql: String, _ bindings: [SQLValue]) throws -> Int {
        let result = try run(sql, bindings)
        defer { PQclear(result) }
        return Self.changedRows(result)
    }

    func queryBlocking(_ sql: String, _ bindings: [SQLValue]) throws -> [SQLRow] {
        let result = try run(sql, bindings)
        defer { PQclear(result) }
        let rowCount = PQntuples(result)
        let columnCount = PQnfields(result)
        let layout = SQLColumnLayout(
            names: (0..<columnCount).map { PQfname(result, $0).map { String(cString: $0) } ?? "?column?" })
        let types = (0..<columnCount).map { PQftype(result, $0) }
        var rows: [SQLRow] = []
        rows.reserveCapacity(Int(rowCount))
        for row in 0..<rowCount {
            var values: [SQLValue] = []
            values.reserveCapacity(Int(columnCount))
            for column in 0..<columnCount {
                if PQgetisnull(result, row, column) != 0 {
                    values.append(.null)
                    continue
                }
                let length = Int(PQgetlength(result, row, column))
                let value = PQgetvalue(result, row, column).map { pointer in
                    pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
                        PostgresValueCoding.decode(
                            UnsafeBufferPointer(start: $0, count: length), type: types[Int(column)])
                    }
                }
                values.append(value ?? .null)
            }
            rows.append(SQLRow(layout: layout, values: values))
        }
        return rows
    }

    func executeScriptBlocking(_ sql: String) throws {
        // The simple query protocol runs several statements in one call.
        let result = PQexec(handle, sql)
        defer { PQclear(result) }
        try check(result)
    }

    /// Runs one statement with `PQexecParams`; the caller clears the result.
    private func run(_ sql: String, _ bindings: [SQLValue]) throws -> OpaquePointer {
        let encoded = try encode(sql, bindings)
        let result: OpaquePointer? = Self.withPointers(encoded) { sql, count, types, values, lengths, formats in
            PQexecParams(handle, sql, count, types, values, lengths, formats, 0)
        }
        do {
            try check(result)
        } catch {
            PQclear(result)
            throw error
        }
        guard let result else { throw StorageError(.connectionFailure, "PostgreSQL returned no result") }
        return result
    }

    /// A statement rewritten to `$n` placeholders with its bindings encoded.
    private struct EncodedStatement {
        let sql: String
        let parameters: PostgresValueCoding.Parameters
    }

    /// Rewrites and encodes a statement, checking its bindings.
    private func encode(_ sql: String, _ bindings: [SQLValue]) throws -> EncodedStatement {
        let rewritten = try rewrite(sql)
        guard rewritten.parameterCount == bindings.count else {
            throw StorageError(
                .misuse, "the statement takes \(rewritten.parameterCount) bindings, \(bindings.count) given")
        }
        return EncodedStatement(sql: rewritten.sql, parameters: try PostgresValueCoding.encode(bindings))
    }

    /// Calls `body` with the statement's SQL and its bindings as libpq's parameter
    /// arrays, valid only during the call.
    private static func withPointers<T>(
        _ statement: EncodedStatement,
        _ body: (
            _ sql: String, _ count: Int32, _ types: [Oid], _ values: [UnsafePointer<CChar>?], _ lengths: [Int32],
            _ formats: [Int32]
        ) -> T
    ) -> T {
        let parameters = statement.parameters
        return parameters.bytes.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }
            let values: [UnsafePointer<CChar>?] = parameters.offsets.map { offset in
                offset.flatMap { start in base.map { $0 + start } }
            }
            return body(
                statement.sql, Int32(parameters.lengths.count), parameters.types, values, parameters.lengths,
                parameters.formats)
        }
    }

    private func rewrite(_ sql: String) throws -> PlaceholderRewriter.Rewritten {
        if let known = rewrites[sql] { return known }
        let rewritten = try PlaceholderRewriter.rewrite(sql)
        // Statements built with literals inline would grow the cache without end.
        if rewrites.count >= Self.rewriteCacheCapacity { rewrites.removeAll(keepingCapacity: true) }
        rewrites[sql] = rewritten
        return rewritten
    }

    /// Runs `statements` as one pipeline with a single sync, which the server
    /// executes as one implicit transaction: one round trip for the batch.
    ///
    /// The first failing statement's error is thrown with its index; the server
    /// skips the rest (`PGRES_PIPELINE_ABORTED`) and rolls the batch back. libpq
    /// leaves pipeline mode only once every queued statement's results were read:
    /// a batch cut short (a statement that could not be sent, a broken
    /// connection) leaves the connection in pipeline mode, which ``isReusable``
    /// reports, so the pool closes it instead of handing it out again.
    func executePipelineBlocking(_ statements: [SQLStatement]) throws -> [Int] {
        // Every statement checked and encoded before anything is sent: a caller's
        // mistake in the third statement must not leave the first two queued.
        var encoded: [EncodedStatement] = []
        encoded.reserveCapacity(statements.count)
        for (index, statement) in statements.enumerated() {
            do {
                encoded.append(try encode(statement.sql, statement.bindings))
            } catch var error as StorageError {
                error.statementIndex = index
                throw error
            }
        }
        var ranCachedNames = false
        do {
            return try runPipeline(encoded, ranCachedNames: &ranCachedNames)
        } catch let error as StorageError
            where Self.refusesPreparedNames(error) && (ranCachedNames || error.sqlState == "42P05")
        {
            // The server no longer has what the cache says (a `DISCARD ALL`, a
            // pooler's other server connection, a user's statement of the same
            // name) or refuses a cached plan after a schema change. The batch rolled
            // back: forget every name and run it once more, prepared afresh.
            prepared = [:]
            return try runPipeline(encoded, ranCachedNames: &ranCachedNames)
        }
    }

    /// SQLSTATEs that mean a cached statement name is unusable: 26000 (no such
    /// statement), 42P05 (the name exists already), 0A000 (a cached plan must not
    /// change its result type after `ALTER TABLE`).
    private static func refusesPreparedNames(_ error: StorageError) -> Bool {
        switch error.sqlState {
        case "26000", "42P05", "0A000": true
        default: false
        }
    }

    /// - Parameter ranCachedNames: set when a statement ran under a name prepared
    ///   by an earlier batch.
    private func runPipeline(_ encoded: [EncodedStatement], ranCachedNames: inout Bool) throws -> [Int] {
        guard PQenterPipelineMode(handle) == 1 else {
            throw StorageError(.connectionFailure, "PostgreSQL: cannot enter pipeline mode")
        }
        defer { _ = PQexitPipelineMode(handle) }
        // A statement seen for the first time on this connection is prepared in the
        // same pipeline, just before it runs: from then on the server skips parsing
        // and planning it. Parse is not transactional, so a preparation that
        // succeeded stays valid even when the batch rolls back.
        var preparing: [Int: (key: PreparedKey, name: String)] = [:]
        // A statement repeated in the batch uses the preparation queued before it:
        // if that one fails, the pipeline is aborted and so is the repeat.
        var queuedNames: [PreparedKey: String] = [:]
        for (index, statement) in encoded.enumerated() {
            var name: String?
            if let prepared {
                let key = PreparedKey(sql: statement.sql, types: statement.parameters.types)
                if let cached = prepared[key] {
                    name = cached
                    ranCachedNames = true
                } else {
                    name = queuedNames[key]
                }
                if name == nil && prepared.count + queuedNames.count < Self.preparedCapacity {
                    preparedNames += 1
                    let fresh = "storage_\(preparedNames)"
                    let queued = statement.parameters.types.withUnsafeBufferPointer { types in
                        PQsendPrepare(handle, fresh, statement.sql, Int32(types.count), types.baseAddress)
                    }
                    guard queued == 1 else {
                        var error = PostgresErrorMapping.error(result: nil, connection: handle)
                        error.statementIndex = index
                        throw error
                    }
                    preparing[index] = (key, fresh)
                    queuedNames[key] = fresh
                    name = fresh
                }
            }
            let sent = Self.withPointers(statement) { sql, count, types, values, lengths, formats in
                if let name {
                    PQsendQueryPrepared(handle, name, count, values, lengths, formats, 0)
                } else {
                    PQsendQueryParams(handle, sql, count, types, values, lengths, formats, 0)
                }
            }
            guard sent == 1 else {
                // Sending failed (the connection broke): what was queued is never
                // synced, so the server commits none of it.
                var error = PostgresErrorMapping.error(result: nil, connection: handle)
                error.statementIndex = index
                throw error
            }
        }
        guard PQpipelineSync(handle) == 1 else {
            throw PostgresErrorMapping.error(result: nil, connection: handle)
        }
        var counts: [Int] = []
        counts.reserveCapacity(encoded.count)
        var firstError: StorageError?
        for index in encoded.indices {
            if let preparation = preparing[index] {
                try readQueuedResult(of: index, firstError: &firstError) { _ in
                    prepared?[preparation.key] = preparation.name
                }
            }
            var count = 0
            try readQueuedResult(of: index, firstError: &firstError) { count = Self.changedRows($0) }
            counts.append(count)
        }
        // The sync: the implicit transaction commits here, and a failure to commit
        // (a serialization failure, a deferred constraint) arrives as an error
        // result before the sync's own.
        var commitError: StorageError?
        var synced = false
        for _ in 0..<4 {
            // An error result may be followed by a null before the sync's result.
            guard let result = PQgetResult(handle) else { continue }
            let status = PQresultStatus(result)
            if status == PGRES_PIPELINE_SYNC {
                synced = true
            } else if status != PGRES_PIPELINE_ABORTED, commitError == nil {
                commitError = PostgresErrorMapping.error(result: result, connection: handle)
            }
            PQclear(result)
            if synced { break }
        }
        if let firstError { throw firstError }
        if let commitError { throw commitError }
        guard synced else { throw Self.brokenPipeline(handle, "the pipeline ended without its sync") }
        return counts
    }

    /// Reads the result of one queued command (a statement or its preparation) and
    /// the null that ends it, calling `succeeded` on success. A refusal becomes
    /// `firstError` with the statement's index unless an earlier one did; a
    /// command skipped after it (`PGRES_PIPELINE_ABORTED`) is passed over.
    private func readQueuedResult(
        of index: Int, firstError: inout StorageError?, succeeded: (OpaquePointer) -> Void
    ) throws {
        guard let result = PQgetResult(handle) else {
            throw firstError ?? Self.brokenPipeline(handle, "a pipelined command returned no result")
        }
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK:
            succeeded(result)
        case PGRES_PIPELINE_ABORTED:
            break
        default:
            // For a preparation: the statement itself is refused (a syntax error,
            // an unknown table), which is its error too.
            if firstError == nil {
                var error = PostgresErrorMapping.error(result: result, connection: handle)
                error.statementIndex = index
                firstError = error
            }
        }
        PQclear(result)
        guard PQgetResult(handle) == nil else {
            throw firstError ?? Self.brokenPipeline(handle, "a pipelined command returned several results")
        }
    }

    /// The error of a pipeline whose results did not come back as libpq promises:
    /// libpq's own message when the connection broke, otherwise a generic one.
    private static func brokenPipeline(_ handle: OpaquePointer, _ detail: String) -> StorageError {
        let error = PostgresErrorMapping.error(result: nil, connection: handle)
        return error.code == .connectionFailure ? error : StorageError(.connectionFailure, "PostgreSQL: \(detail)")
    }

    private static func changedRows(_ result: OpaquePointer) -> Int {
        guard let tuples = PQcmdTuples(result), tuples.pointee != 0 else { return 0 }
        return Int(String(cString: tuples)) ?? 0
    }

    private func check(_ result: OpaquePointer?) throws {
        let status = result.map { PQresultStatus($0) } ?? PGRES_FATAL_ERROR
        switch status {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY:
            return
        default:
            throw PostgresErrorMapping.error(result: result, connection: handle)
        }
    }

    private static func firstLine(_ message: UnsafePointer<CChar>?) -> String {
        guard let message else { return "unknown error" }
        let text = String(cString: message)
        return text.split(whereSeparator: \.isNewline).first.map(String.init) ?? text
    }
}
