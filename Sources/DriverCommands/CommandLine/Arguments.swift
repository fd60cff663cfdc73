import PlatformLayer
import GitProcess

/// A command's arguments, parsed the way git parses its own: long options
/// as `--name value` or `--name=value`, short flags that may be grouped
/// (`-qv`), `--` ending the options, everything else positional.
package struct Arguments {
    /// What a command accepts.
    package struct Spec {
        /// Options without a value, long (`quiet`) or short (`q`).
        package var flags: Set<String> = []
        /// Options with a value.
        package var options: Set<String> = []
        /// Options with an optional value after `=` (`--color[=WHEN]`).
        package var optionalValues: Set<String> = []
        /// Short names for long ones: `["q": "quiet"]`.
        package var aliases: [String: String] = [:]

        package init(flags: Set<String> = [], options: Set<String> = [], optionalValues: Set<String> = [], aliases: [String: String] = [:]) {
            self.flags = flags
            self.options = options
            self.optionalValues = optionalValues
            self.aliases = aliases
        }
    }

    package private(set) var flags: [String] = []
    package private(set) var values: [String: [String]] = [:]
    package private(set) var positional: [String] = []
    /// Whether `--` appeared; what follows it is in `afterSeparator`.
    package private(set) var afterSeparator: [String]? = nil

    package init(_ arguments: [String], spec: Spec) throws(UsageError) {
        var index = 0
        func fullName(_ name: String) -> String { spec.aliases[name] ?? name }
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                afterSeparator = Array(arguments[index...])
                break
            }
            if argument.hasPrefix("--") {
                let body = argument.dropFirst(2)
                let name: String
                var inlineValue: String?
                if let equals = body.firstIndex(of: "=") {
                    name = fullName(String(body[..<equals]))
                    inlineValue = String(body[body.index(after: equals)...])
                } else {
                    name = fullName(String(body))
                }
                if spec.flags.contains(name) {
                    guard inlineValue == nil else { throw UsageError("option '--\(name)' takes no value") }
                    flags.append(name)
                } else if spec.optionalValues.contains(name) {
                    values[name, default: []].append(inlineValue ?? "")
                    flags.append(name)
                } else if spec.options.contains(name) {
                    if let inlineValue {
                        values[name, default: []].append(inlineValue)
                    } else {
                        guard index < arguments.count else { throw UsageError("option '--\(name)' requires a value") }
                        values[name, default: []].append(arguments[index])
                        index += 1
                    }
                } else {
                    throw UsageError("unknown option '--\(name)'")
                }
            } else if argument.hasPrefix("-") && argument.count > 1 {
                var letters = Substring(argument.dropFirst())
                while let letter = letters.first {
                    letters = letters.dropFirst()
                    let name = fullName(String(letter))
                    if spec.flags.contains(name) {
                        flags.append(name)
                    } else if spec.options.contains(name) {
                        if !letters.isEmpty {
                            values[name, default: []].append(String(letters))
                        } else {
                            guard index < arguments.count else { throw UsageError("option '-\(letter)' requires a value") }
                            values[name, default: []].append(arguments[index])
                            index += 1
                        }
                        break
                    } else {
                        throw UsageError("unknown option '-\(letter)'")
                    }
                }
            } else {
                positional.append(argument)
            }
        }
    }

    package func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// Whether `-h` or `--help` is among `arguments` as an option, even
    /// where the rest would not parse: not after `--`, and not as the value
    /// of an option (`--path -h`).
    package static func askForHelp(_ arguments: [String], spec: Spec) -> Bool {
        func takesValue(_ name: Substring) -> Bool { spec.options.contains(spec.aliases[String(name)] ?? String(name)) }
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" { return false }
            if argument == "-h" || argument == "--help" { return true }
            // `--path VALUE` and `-x VALUE`: the next argument is a value, whatever it looks like.
            if argument.hasPrefix("--") ? !argument.contains("=") && takesValue(argument.dropFirst(2))
                                        : argument.count == 2 && argument.hasPrefix("-") && takesValue(argument.dropFirst()) {
                index += 1
            }
        }
        return false
    }

    /// The last value given for `option`.
    package func value(_ option: String) -> String? { values[option]?.last }

    package func all(_ option: String) -> [String] { values[option] ?? [] }

    /// Whether to colour standard output, from `--color[=WHEN]` and
    /// `--no-color` as git reads them: `auto` (the default) on a terminal
    /// without NO_COLOR.
    package func color(configuredBy setting: String = "color.ui") throws(UsageError) -> Bool {
        switch has("no-color") ? "never" : value("color") {
        case nil: return Self.configuredColor(setting)
        case "auto": return Console.wantsColor()
        case "", "always": return true
        case "never": return false
        case let other?: throw UsageError("--color takes always, never or auto, not '\(other)'")
        }
    }

    /// Colour as git's configuration says for output like `setting`'s
    /// (`color.diff`, falling back to `color.ui`): `always`, `never` (or
    /// `false`), else on a terminal (``Console/wantsColor(_:)``: not with
    /// `NO_COLOR`, which a setting overrides, as its convention asks).
    static func configuredColor(_ setting: String) -> Bool {
        let settings = (try? GitConfig.values(matching: #"^color\.(ui|diff)$"#)) ?? [:]
        switch (settings[setting.lowercased()] ?? settings["color.ui"])?.lowercased() {
        case "always": return true
        case "never", "false": return false
        default: return Console.wantsColor()
        }
    }
}

/// Wrong arguments: the message is shown with the command's usage line, and
/// the command exits 2.
package struct UsageError: Error {
    package var message: String
    package init(_ message: String) { self.message = message }
}
