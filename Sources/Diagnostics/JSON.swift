import Foundation
import UIKit

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

    /// A long JSON path shortened for a message: its start and end, with the number of levels left out
    /// (`root.sublayers[0]…(90 levels)….sublayers[0].bounds`).
    public static func abbreviated(_ path: String, keep: Int = 60) -> String {
        guard path.count > 3 * keep else { return path }
        let levels = path.filter { $0 == "." || $0 == "[" }.count
        return "\(path.prefix(keep))…(\(levels) levels in all)…\(path.suffix(keep))"
    }

    public struct ParseError: Error, CustomStringConvertible {
        public let line: Int, column: Int, message: String
        /// Where in the document's structure, e.g. `root.sublayers[0].bounds[2]` (empty at the top).
        public var path: String = ""
        public var description: String { "line \(line), column \(column)\(path.isEmpty ? "" : " (at \(JSON.abbreviated(path)))"): \(message)" }
    }

    public static func parse(_ text: String) throws -> JSON {
        try parse(bytes: Array(text.utf8))
    }

    /// Parses UTF-8 bytes. Arrays and objects may nest `RenderLimits.jsonDepth` deep (parsing recurses).
    public static func parse(bytes: [UInt8]) throws -> JSON {
        var parser = Parser(bytes)
        parser.skipSpace()
        let value = try parser.value()
        parser.skipSpace()
        guard parser.index == parser.bytes.count else { throw parser.error("unexpected text after the document") }
        return value
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0
        /// The keys and indices from the top to the value being read, for messages.
        var path: [PathComponent] = []
        enum PathComponent { case key(String), index(Int) }
        init(_ bytes: [UInt8]) { self.bytes = bytes }

        func error(_ message: String) -> ParseError {
            var line = 1, column = 1
            for byte in bytes[..<min(index, bytes.count)] { if byte == 10 { line += 1; column = 1 } else { column += 1 } }
            var where_ = ""
            for component in path {
                switch component {
                case .key(let key): where_ += where_.isEmpty ? key : ".\(key)"
                case .index(let i): where_ += "[\(i)]"
                }
            }
            return ParseError(line: line, column: column, message: message, path: where_)
        }

        mutating func skipSpace() {
            while index < bytes.count, [32, 9, 10, 13].contains(bytes[index]) { index += 1 }
        }

        mutating func value() throws -> JSON {
            guard index < bytes.count else { throw error("unexpected end of the document") }
            switch bytes[index] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard path.count < RenderLimits.jsonDepth else {
                    throw error("arrays and objects are nested more than \(RenderLimits.jsonDepth) deep (the limit)")
                }
                return bytes[index] == UInt8(ascii: "{") ? try object() : try array()
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
                throw error("unexpected character; expected a value (a number, a string in double quotes, true, false, null, [ or {)")
            }
            index += w.count
        }

        mutating func number() throws -> Double {
            let start = index
            while index < bytes.count, "+-0123456789.eE".utf8.contains(bytes[index]) { index += 1 }
            guard index > start else {
                let shown = bytes[index] < 0x80 && bytes[index] >= 0x20 ? "'\(Character(Unicode.Scalar(bytes[index])))'" : String(format: "byte 0x%02X", bytes[index])
                throw error("unexpected \(shown); expected a value (a number, a string in double quotes, true, false, null, [ or {)")
            }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            guard let n = Double(text) else {
                index = start
                throw error("'\(text)' is not a number")
            }
            guard n.isFinite else {
                index = start
                throw error("the number \(text) is out of range: numbers must lie within ±1.8e308 (a 64-bit floating-point number)")
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
            path.append(.index(0))
            defer { path.removeLast() }
            while true {
                skipSpace()
                path[path.count - 1] = .index(items.count)
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
            var keys = Set<String>()
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object([]) }
            while true {
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a key in quotes") }
                let key = try string()
                if !keys.insert(key).inserted { throw error("the key \"\(key)\" appears twice") }
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':' after a key") }
                index += 1
                skipSpace()
                path.append(.key(key))
                members.append((key, try value()))
                path.removeLast()
                skipSpace()
                guard index < bytes.count else { throw error("unterminated object") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
                throw error("expected ',' or '}' in an object")
            }
        }
    }
}
