import FoundationCollation

// Prints SemanticDiff/JSON/CollationTable+Generated.swift, asking Foundation
// where each non-ASCII character sorts (scripts/generate-collation-table).
print(CollationTableGenerator.source(CollationTableGenerator.runs()), terminator: "")
