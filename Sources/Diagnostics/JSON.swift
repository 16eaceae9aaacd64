import Foundation

/// A JSON value, parsed and written here so that numbers round-trip exactly (Swift's shortest
/// representation of a Double) and errors can name the exact place in the document.
public enum JSON: Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    /// Keys in document order (written back in that order).
    case object([(String, JSON)])

    public static func == (l: JSON, r: JSON) -> Bool {
        switch (l, r) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    // MARK: Writing

    public func serialized(indent: Int = 0) -> String {
        let pad = String(repeating: "  ", count: indent), inner = String(repeating: "  ", count: indent + 1)
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n):
            if n == n.rounded(), abs(n) < 1e15 { return String(Int64(n)) }
            return "\(n)"
        case .string(let s): return Self.quote(s)
        case .array(let items):
            if items.isEmpty { return "[]" }
            if items.allSatisfy({ if case .number = $0 { return true } else { return false } }) {
                return "[" + items.map { $0.serialized() }.joined(separator: ", ") + "]"
            }
            return "[\n" + items.map { inner + $0.serialized(indent: indent + 1) }.joined(separator: ",\n") + "\n" + pad + "]"
        case .object(let members):
            if members.isEmpty { return "{}" }
            return "{\n" + members.map { inner + Self.quote($0.0) + ": " + $0.1.serialized(indent: indent + 1) }
                .joined(separator: ",\n") + "\n" + pad + "}"
        }
    }

    static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    // MARK: Parsing

    public struct ParseError: Error, CustomStringConvertible {
        public let line: Int, column: Int, message: String
        public var description: String { "line \(line), column \(column): \(message)" }
    }

    public static func parse(_ text: String) throws -> JSON {
        var parser = Parser(Array(text.utf8))
        parser.skipSpace()
        let value = try parser.value()
        parser.skipSpace()
        guard parser.index == parser.bytes.count else { throw parser.error("unexpected text after the document") }
        return value
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }

        func error(_ message: String) -> ParseError {
            var line = 1, column = 1
            for byte in bytes[..<min(index, bytes.count)] { if byte == 10 { line += 1; column = 1 } else { column += 1 } }
            return ParseError(line: line, column: column, message: message)
        }

        mutating func skipSpace() {
            while index < bytes.count, [32, 9, 10, 13].contains(bytes[index]) { index += 1 }
        }

        mutating func value() throws -> JSON {
            guard index < bytes.count else { throw error("unexpected end of the document") }
            switch bytes[index] {
            case UInt8(ascii: "{"): return try object()
            case UInt8(ascii: "["): return try array()
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            default: return .number(try number())
            }
        }

        mutating func literal(_ word: String) throws {
            let w = Array(word.utf8)
            guard index + w.count <= bytes.count, Array(bytes[index..<index + w.count]) == w else {
                throw error("unexpected character; expected a value")
            }
            index += w.count
        }

        mutating func number() throws -> Double {
            let start = index
            while index < bytes.count, "+-0123456789.eE".utf8.contains(bytes[index]) { index += 1 }
            guard index > start, let n = Double(String(decoding: bytes[start..<index], as: UTF8.self)), n.isFinite else {
                index = start
                throw error("unexpected character; expected a value")
            }
            return n
        }

        mutating func string() throws -> String {
            index += 1
            var scalars = String.UnicodeScalarView()
            var raw: [UInt8] = []
            func flush() { scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars); raw = [] }
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: "\"") { flush(); return String(scalars) }
                if byte == UInt8(ascii: "\\") {
                    guard index < bytes.count else { break }
                    let escape = bytes[index]
                    index += 1
                    flush()
                    switch escape {
                    case UInt8(ascii: "n"): scalars.append("\n")
                    case UInt8(ascii: "t"): scalars.append("\t")
                    case UInt8(ascii: "r"): scalars.append("\r")
                    case UInt8(ascii: "b"): scalars.append("\u{08}")
                    case UInt8(ascii: "f"): scalars.append("\u{0C}")
                    case UInt8(ascii: "u"):
                        guard index + 4 <= bytes.count, let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16),
                              let scalar = Unicode.Scalar(code) else { throw error("bad \\u escape") }
                        index += 4
                        scalars.append(scalar)
                    default: scalars.append(Unicode.Scalar(escape))
                    }
                } else {
                    raw.append(byte)
                }
            }
            throw error("unterminated string")
        }

        mutating func array() throws -> JSON {
            index += 1
            var items: [JSON] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array([]) }
            while true {
                skipSpace()
                items.append(try value())
                skipSpace()
                guard index < bytes.count else { throw error("unterminated array") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
                throw error("expected ',' or ']' in an array")
            }
        }

        mutating func object() throws -> JSON {
            index += 1
            var members: [(String, JSON)] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object([]) }
            while true {
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a key in quotes") }
                let key = try string()
                if members.contains(where: { $0.0 == key }) { throw error("the key \"\(key)\" appears twice") }
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':' after a key") }
                index += 1
                skipSpace()
                members.append((key, try value()))
                skipSpace()
                guard index < bytes.count else { throw error("unterminated object") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
                throw error("expected ',' or '}' in an object")
            }
        }
    }
}
