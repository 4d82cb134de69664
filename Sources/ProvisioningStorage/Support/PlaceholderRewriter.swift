/// Turns `?` placeholders into PostgreSQL's `$1…$n`.
///
/// The scan understands what can hide a `?`: single-quoted strings (with `''`
/// and, in `E'…'` strings, backslash escapes), double-quoted identifiers,
/// dollar-quoted strings (`$$…$$`, `$tag$…$tag$`), `--` line comments and nested
/// `/* … */` comments. A statement already written with `$n` passes through.
enum PlaceholderRewriter {
    struct Rewritten: Equatable {
        var sql: String
        /// How many parameters the statement takes.
        var parameterCount: Int
    }

    static func rewrite(_ sql: String) throws -> Rewritten {
        let bytes = Array(sql.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 8)
        var questionMarks = 0
        var highestNumbered = 0
        var index = 0

        func copy(to end: Int) {
            output.append(contentsOf: bytes[index..<end])
            index = end
        }

        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "'"):
                let escapes =
                    index > 0 && (bytes[index - 1] | 0x20) == UInt8(ascii: "e") && !isWordByte(at: index - 2, in: bytes)
                copy(to: endOfQuoted(bytes, from: index, quote: byte, backslashEscapes: escapes))
            case UInt8(ascii: "\""):
                copy(to: endOfQuoted(bytes, from: index, quote: byte, backslashEscapes: false))
            case UInt8(ascii: "-") where next(bytes, index) == UInt8(ascii: "-"):
                var end = index + 2
                while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
                copy(to: end)
            case UInt8(ascii: "/") where next(bytes, index) == UInt8(ascii: "*"):
                copy(to: endOfBlockComment(bytes, from: index))
            case UInt8(ascii: "$"):
                if let (number, end) = numberedParameter(bytes, at: index) {
                    highestNumbered = max(highestNumbered, number)
                    copy(to: end)
                } else if !isWordByte(at: index - 1, in: bytes), let end = endOfDollarQuoted(bytes, from: index) {
                    copy(to: end)
                } else {
                    copy(to: index + 1)
                }
            case UInt8(ascii: "?"):
                questionMarks += 1
                output.append(UInt8(ascii: "$"))
                output.append(contentsOf: String(questionMarks).utf8)
                index += 1
            default:
                output.append(byte)
                index += 1
            }
        }
        if questionMarks > 0 && highestNumbered > 0 {
            throw StorageError(.misuse, "a statement mixes ? and $n placeholders")
        }
        return Rewritten(
            sql: String(decoding: output, as: UTF8.self), parameterCount: max(questionMarks, highestNumbered))
    }

    private static func next(_ bytes: [UInt8], _ index: Int) -> UInt8? {
        index + 1 < bytes.count ? bytes[index + 1] : nil
    }

    private static func isWordByte(at index: Int, in bytes: [UInt8]) -> Bool {
        guard index >= 0 && index < bytes.count else { return false }
        let byte = bytes[index]
        return byte == UInt8(ascii: "_") || byte >= 0x80 || (byte >= 0x30 && byte <= 0x39)
            || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A)
    }

    /// The index just past the closing quote (or the end of the text).
    private static func endOfQuoted(_ bytes: [UInt8], from start: Int, quote: UInt8, backslashEscapes: Bool) -> Int {
        var index = start + 1
        while index < bytes.count {
            let byte = bytes[index]
            if backslashEscapes && byte == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if byte == quote {
                // A doubled quote stands for one quote character inside the literal.
                if next(bytes, index) == quote {
                    index += 2
                    continue
                }
                return index + 1
            }
            index += 1
        }
        return bytes.count
    }

    private static func endOfBlockComment(_ bytes: [UInt8], from start: Int) -> Int {
        var depth = 0
        var index = start
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "/") && next(bytes, index) == UInt8(ascii: "*") {
                depth += 1
                index += 2
            } else if bytes[index] == UInt8(ascii: "*") && next(bytes, index) == UInt8(ascii: "/") {
                depth -= 1
                index += 2
                if depth == 0 { return index }
            } else {
                index += 1
            }
        }
        return bytes.count
    }

    /// `$12` at `index`: the number and the index after it.
    private static func numberedParameter(_ bytes: [UInt8], at index: Int) -> (Int, Int)? {
        var end = index + 1
        var number = 0
        while end < bytes.count, bytes[end] >= 0x30 && bytes[end] <= 0x39 {
            number = number * 10 + Int(bytes[end] - 0x30)
            if number > 65_535 { return nil }
            end += 1
        }
        return end > index + 1 ? (number, end) : nil
    }

    /// A dollar-quoted string starting at `start` (`$$…$$` or `$tag$…$tag$`): the
    /// index after its closing delimiter, or `nil` when `$` does not open one.
    private static func endOfDollarQuoted(_ bytes: [UInt8], from start: Int) -> Int? {
        var tagEnd = start + 1
        while tagEnd < bytes.count && bytes[tagEnd] != UInt8(ascii: "$") {
            let byte = bytes[tagEnd]
            let isTagByte =
                byte == UInt8(ascii: "_") || byte >= 0x80 || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A)
                || (tagEnd > start + 1 && byte >= 0x30 && byte <= 0x39)
            if !isTagByte { return nil }
            tagEnd += 1
        }
        guard tagEnd < bytes.count else { return nil }
        let delimiter = Array(bytes[start...tagEnd])
        var index = tagEnd + 1
        while index + delimiter.count <= bytes.count {
            if bytes[index] == UInt8(ascii: "$") && Array(bytes[index..<(index + delimiter.count)]) == delimiter {
                return index + delimiter.count
            }
            index += 1
        }
        return bytes.count
    }
}
