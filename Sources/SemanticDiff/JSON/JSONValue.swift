/// A JSON value held in memory, for building and editing documents: the
/// merge's new nodes, generated catalogs, tests. Objects keep their member
/// order.
public indirect enum JSONValue: Sendable, Equatable {
    case object([(key: String, value: JSONValue)])
    case array([JSONValue])
    case string(String)
    /// A number, as its literal text.
    case number(String)
    case bool(Bool)
    case null

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case let (.object(a), .object(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case let (.array(a), .array(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.number(a), .number(b)): return a == b
        case let (.bool(a), .bool(b)): return a == b
        case (.null, .null): return true
        default: return false
        }
    }

    /// The value of `node` in `document`, copied out (shadowed duplicates left out).
    public init(_ document: JSONDocument, _ node: Int) {
        switch document.kind(node) {
        case .object:
            self = .object(document.members(of: node).map { (document.string($0.key), JSONValue(document, $0.value)) })
        case .array:
            self = .array(document.elements(of: node).map { JSONValue(document, $0) })
        case .string:
            self = .string(document.string(node))
        case .number:
            self = .number(String(decoding: document.rawBytes(node), as: UTF8.self))
        case .true:
            self = .bool(true)
        case .false:
            self = .bool(false)
        case .null:
            self = .null
        }
    }

    /// The member `key` of an object.
    public subscript(key: String) -> JSONValue? {
        get {
            guard case .object(let members) = self else { return nil }
            return members.last { $0.key == key }?.value
        }
        set {
            guard case .object(var members) = self else { return }
            if let index = members.lastIndex(where: { $0.key == key }) {
                if let newValue { members[index].value = newValue } else { members.remove(at: index) }
            } else if let newValue {
                members.append((key, newValue))
            }
            self = .object(members)
        }
    }

    /// The text of a string value.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The members of an object, or none.
    public var members: [(key: String, value: JSONValue)] {
        if case .object(let members) = self { return members }
        return []
    }

    /// This value in Xcode's layout, keys sorted in `keyOrder`.
    public func xcodeLayout(finalNewline: Bool = false, keyOrder: KeyOrder) -> [UInt8] {
        var writer = LayoutWriter(output: OutputBuffer(capacity: 4096))
        writer.write(self, depth: 0, keyOrder: keyOrder)
        if finalNewline { writer.output.append(UInt8(ascii: "\n")) }
        return writer.output.finish()
    }

    /// This value in Xcode's layout but with members in their present order.
    public func xcodeLayoutKeepingOrder() -> [UInt8] {
        var writer = LayoutWriter(output: OutputBuffer(capacity: 4096))
        writer.write(self, depth: 0, keyOrder: nil)
        return writer.output.finish()
    }
}

extension LayoutWriter {
    /// `value` with its objects' keys in `keyOrder`, or as they are without one.
    package mutating func write(_ value: JSONValue, depth: Int, keyOrder: KeyOrder?) {
        switch value {
        case .object(var members):
            guard !members.isEmpty else { return writeEmpty(.object, depth: depth) }
            if let keyOrder {
                members = keyOrder.sorted(members, by: \.key)
            }
            output.append(UInt8(ascii: "{"))
            for (position, member) in members.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                output.lineBreak(indent: depth * 2 + 2)
                output.append(JSONString.quoted(member.key))
                output.appendColon()
                write(member.value, depth: depth + 1, keyOrder: keyOrder)
            }
            output.lineBreak(indent: depth * 2)
            output.append(UInt8(ascii: "}"))
        case .array(let elements):
            guard !elements.isEmpty else { return writeEmpty(.array, depth: depth) }
            output.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                output.lineBreak(indent: depth * 2 + 2)
                write(element, depth: depth + 1, keyOrder: keyOrder)
            }
            output.lineBreak(indent: depth * 2)
            output.append(UInt8(ascii: "]"))
        case .string(let text):
            output.append(JSONString.quoted(text))
        case .number(let literal):
            var literal = literal
            literal.withUTF8 { output.append(JSONNumber.foundationText($0)) }
        case .bool(let flag):
            output.append(flag ? "true" : "false")
        case .null:
            output.append("null")
        }
    }
}

extension JSONValue {
    /// The value as compact JSON on one line, members in their order.
    public func compactText() -> [UInt8] {
        switch self {
        case .object(let members):
            var bytes: [UInt8] = [UInt8(ascii: "{")]
            for (index, member) in members.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                bytes += JSONString.quoted(member.key)
                bytes.append(UInt8(ascii: ":"))
                bytes += member.value.compactText()
            }
            return bytes + [UInt8(ascii: "}")]
        case .array(let items):
            var bytes: [UInt8] = [UInt8(ascii: "[")]
            for (index, item) in items.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                bytes += item.compactText()
            }
            return bytes + [UInt8(ascii: "]")]
        case .string(let text): return JSONString.quoted(text)
        case .number(let text): return Array(text.utf8)
        case .bool(let flag): return Array((flag ? "true" : "false").utf8)
        case .null: return Array("null".utf8)
        }
    }
}

extension JSONValue {
    /// Equality with strings and member names compared by their bytes
    /// (`==` compares strings as Swift does, by canonical equivalence).
    public func isIdentical(to other: JSONValue) -> Bool {
        switch (self, other) {
        case let (.object(a), .object(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key.utf8.elementsEqual($1.key.utf8) && $0.value.isIdentical(to: $1.value) }
        case let (.array(a), .array(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.isIdentical(to: $1) }
        case let (.string(a), .string(b)):
            return a.utf8.elementsEqual(b.utf8)
        default:
            return self == other
        }
    }
}
