// The library product: the core's modules, as one import.
@_exported import XCStringsCatalog
@_exported import XCStringsCheck
@_exported import XCStringsDiff
@_exported import XCStringsJSON
@_exported import XCStringsMerge
@_exported import XCStringsText
