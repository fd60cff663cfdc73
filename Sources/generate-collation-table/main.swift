import FoundationCollation

// Prints SemanticDiff/JSON/CollationTable+Generated.swift, asking Foundation
// where each non-ASCII character sorts, or with `han`,
// SemanticDiff/JSON/HanOrder+Generated.swift, the order of the Han
// ideographs, or with `primary`, SemanticDiff/JSON/PrimaryOrder+Generated.swift,
// every character's rank at ICU's first level, or with `blocks`,
// SemanticDiff/JSON/BasicPlane+Generated.swift, the BMP's values of both as
// tables of blocks, from the runs this program was built with
// (scripts/generate-collation-table).
switch CommandLine.arguments.dropFirst().first {
case "blocks":
    print(BasicPlaneGenerator.source(), terminator: "")
case "han":
    let runs = HanOrderGenerator.runs()
    precondition(HanOrderGenerator.ties(runs) == 0, "Foundation does not order the ideographs strictly")
    print(HanOrderGenerator.source(runs), terminator: "")
case "primary":
    let runs = PrimaryOrderGenerator.runs()
    print(PrimaryOrderGenerator.source(runs, secondary: PrimaryOrderGenerator.secondaryRuns(),
                                      accents: PrimaryOrderGenerator.accentRuns(),
                                      composedBases: PrimaryOrderGenerator.composedBases(runs)), terminator: "")
default:
    print(CollationTableGenerator.source(CollationTableGenerator.runs()), terminator: "")
}
