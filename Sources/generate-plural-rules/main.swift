import FoundationPlurals

// Prints SemanticDiff/Check/PluralRules+Generated.swift from ICU's plural
// rules (scripts/generate-plural-rules).
print(PluralRulesGenerator.source(PluralRulesGenerator.rows()), terminator: "")
