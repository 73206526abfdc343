//! `Registry::check`: overlapping spans, duplicate codes and symbols across enums.

mod registry_support;

use mcp_errors_core::{CodeRange, ErrorCatalog, ErrorEntry, ErrorKind, Registry, RegistryConflict};
use registry_support::row;

const fn r(code: i32, symbol: &'static str, domain: &'static str) -> ErrorEntry {
    row(code, symbol, domain, ErrorKind::Internal, false)
}

catalog!(
    CommonError,
    "common",
    Some(CodeRange::new(1000, 1099)),
    [
        r(1000, "E_INVALID_PARAMS", "common"),
        r(1005, "E_INPUT_TOO_LARGE", "common"),
    ]
);
// The Python enum wraps CommonError transparently: its own entries only are listed.
catalog!(
    PythonError,
    "python",
    Some(CodeRange::new(2000, 2099)),
    [
        r(2000, "E_PY_EXEC_FAIL", "python"),
        r(2001, "E_PY_SECURITY", "python"),
    ]
);
catalog!(
    PlaywrightError,
    "playwright",
    Some(CodeRange::new(2100, 2199)),
    [
        r(2100, "E_PW_NAV", "playwright"),
        r(2101, "E_PW_LAUNCH", "playwright"),
    ]
);
catalog!(
    MemoryBankError,
    "memory-bank",
    Some(CodeRange::new(2300, 2399)),
    [r(2300, "E_MB_FILE_NOT_FOUND", "memory-bank"),]
);
catalog!(
    ProtocolError,
    "protocol",
    Some(CodeRange::new(-32768, -32000)),
    [
        r(-32700, "E_PARSE", "protocol"),
        r(-32601, "E_METHOD_NOT_FOUND", "protocol"),
    ]
);
catalog!(Empty, "empty", None, []);

#[test]
fn seed_000_taxonomy_is_consistent() {
    let registry = Registry::new()
        .with::<PlaywrightError>()
        .with::<CommonError>()
        .with::<ProtocolError>()
        .with::<PythonError>()
        .with::<MemoryBankError>()
        .with::<Empty>();
    assert_eq!(registry.check(), Ok(()));
    assert_eq!(registry.enums().len(), 6);
    assert_eq!(registry.enums()[0].name, "PlaywrightError");
    assert_eq!(registry.enums()[0].span, PlaywrightError::SPAN);
}

#[test]
fn registering_a_type_twice_is_a_no_op() {
    let mut registry = Registry::new().with::<CommonError>().with::<CommonError>();
    registry.register::<CommonError>().register::<PythonError>();
    assert_eq!(registry.enums().len(), 2);
    assert_eq!(registry.check(), Ok(()));
}

// Spans without declared ranges: lowest to highest own code.
catalog!(
    Wide,
    "wide",
    Some(CodeRange::new(1000, 1999)),
    [r(1500, "E_WIDE", "wide")]
);
catalog!(
    Inner1,
    "inner",
    None,
    [r(1100, "E_I1A", "inner"), r(1199, "E_I1B", "inner")]
);
catalog!(
    Inner2,
    "inner",
    None,
    [r(1150, "E_I2A", "inner"), r(1250, "E_I2B", "inner")]
);
catalog!(After, "after", None, [r(2000, "E_AFTER", "after")]);

#[test]
fn every_overlapping_pair_is_reported_once() {
    let conflicts = Registry::new()
        .with::<After>()
        .with::<Inner2>()
        .with::<Wide>()
        .with::<Inner1>()
        .check()
        .unwrap_err();
    let overlaps: Vec<_> = conflicts
        .iter()
        .filter_map(|c| match *c {
            RegistryConflict::OverlappingRanges {
                first,
                second,
                code,
                ..
            } => Some((first, second, code)),
            _ => None,
        })
        .collect();
    assert_eq!(
        overlaps,
        [
            ("Wide", "Inner1", 1100),
            ("Wide", "Inner2", 1150),
            ("Inner1", "Inner2", 1150),
        ]
    );
    assert_eq!(conflicts.len(), 3, "{conflicts}");
    let text = conflicts.to_string();
    assert!(
        text.starts_with("3 MCP error catalog conflicts:\n  "),
        "{text}"
    );
    assert!(
        text.contains(
            "`Inner1` and `Inner2`: range 1150..=1250 of `inner` overlaps range 1100..=1199 of `inner` from code 1150"
        ),
        "{text}"
    );
}

catalog!(
    PwNoRange,
    "playwright",
    None,
    [
        r(2100, "E_PW_NAV", "playwright"),
        r(2101, "E_PW_LAUNCH", "playwright")
    ]
);
catalog!(
    PyNoRange,
    "python",
    None,
    [
        r(2101, "E_PY_EXEC_FAIL", "python"),
        r(2102, "E_PW_NAV", "python")
    ]
);

#[test]
fn colliding_codes_and_symbols_name_both_enums() {
    let conflicts = Registry::new()
        .with::<PyNoRange>()
        .with::<PwNoRange>()
        .check()
        .unwrap_err();
    assert_eq!(
        conflicts.0,
        [
            RegistryConflict::OverlappingRanges {
                first: "PwNoRange",
                first_span: CodeRange::new(2100, 2101),
                second: "PyNoRange",
                second_span: CodeRange::new(2101, 2102),
                code: 2101,
                first_domain: "playwright",
                second_domain: "python",
            },
            RegistryConflict::DuplicateCode {
                code: 2101,
                first: "PwNoRange",
                first_symbol: "E_PW_LAUNCH",
                second: "PyNoRange",
                second_symbol: "E_PY_EXEC_FAIL",
                first_shares: false,
                second_shares: false,
            },
            RegistryConflict::DuplicateSymbol {
                symbol: "E_PW_NAV",
                first: "PwNoRange",
                first_code: 2100,
                second: "PyNoRange",
                second_code: 2102,
                second_is_alias: false,
            },
        ]
    );
    let text = conflicts.to_string();
    assert!(
        text.contains("\n  `PwNoRange` and `PyNoRange`: range 2101..=2102 of `python` overlaps range 2100..=2101 of `playwright` from code 2101"),
        "{text}"
    );
    assert!(
        text.contains(
            "\n  `PwNoRange` and `PyNoRange`: duplicate code 2101; first used by `E_PW_LAUNCH`"
        ),
        "{text}"
    );
    assert!(
        text.contains(
            "\n  `PwNoRange` and `PyNoRange`: duplicate symbol `E_PW_NAV`; first used by code 2100"
        ),
        "{text}"
    );
    // The words after the enums are the rule's, as the derive and `mcp-errors check` say them.
    assert_eq!(conflicts[1].finding().kind(), "duplicate-code");
    assert_eq!(
        conflicts[1].finding().to_string(),
        "duplicate code 2101; first used by `E_PW_LAUNCH`"
    );
    // It is a std error, usable with `?`.
    let boxed: Box<dyn std::error::Error> = Box::new(conflicts);
    assert!(
        boxed
            .to_string()
            .starts_with("3 MCP error catalog conflicts")
    );
}

const LEGACY: ErrorEntry = ErrorEntry {
    aliases: &["E_OLD_NAV", "E_PW_LAUNCH"],
    ..r(2150, "E_PW_GOTO", "playwright")
};
const SELF_ALIAS: ErrorEntry = ErrorEntry {
    aliases: &["E_SELF"],
    ..r(2400, "E_SELF", "kg")
};
catalog!(
    Aliased,
    "playwright",
    Some(CodeRange::new(2140, 2160)),
    [LEGACY]
);
catalog!(SelfAliased, "kg", None, [SELF_ALIAS]);

#[test]
fn aliases_collide_with_symbols_but_not_with_themselves() {
    let conflicts = Registry::new()
        .with::<PlaywrightError>()
        .with::<Aliased>()
        .with::<SelfAliased>()
        .check()
        .unwrap_err();
    let symbols: Vec<_> = conflicts
        .iter()
        .filter(|c| matches!(c, RegistryConflict::DuplicateSymbol { .. }))
        .collect();
    assert_eq!(
        symbols,
        [&RegistryConflict::DuplicateSymbol {
            symbol: "E_PW_LAUNCH",
            first: "PlaywrightError",
            first_code: 2101,
            second: "Aliased",
            second_code: 2150,
            second_is_alias: true,
        }]
    );
}

catalog!(Dup, "dup", None, [r(7, "E_A", "dup"), r(7, "E_B", "dup")]);

#[test]
fn duplicates_inside_one_hand_written_enum_are_found_too() {
    let conflicts = Registry::new().with::<Dup>().check().unwrap_err();
    assert_eq!(
        conflicts.0,
        [RegistryConflict::DuplicateCode {
            code: 7,
            first: "Dup",
            first_symbol: "E_A",
            second: "Dup",
            second_symbol: "E_B",
            first_shares: false,
            second_shares: false,
        }]
    );
    assert_eq!(
        conflicts.to_string(),
        "1 MCP error catalog conflict:\n  `Dup`: duplicate code 7; first used by `E_A`"
    );
}

/// Thousands of enums: the sweep stays linear-ish and finds exactly the one overlap.
#[test]
fn many_disjoint_enums_and_one_overlap() {
    // One type per band, through a const generic.
    struct Band<const N: i32>;
    impl<const N: i32> ErrorCatalog for Band<N> {
        const NAME: &'static str = "Band";
        const DOMAIN: &'static str = "band";
        const RANGE: Option<CodeRange> = Some(CodeRange::new(N * 10, N * 10 + 9));
        const ENTRIES: &'static [ErrorEntry] = &[];
    }
    struct Straddle;
    impl ErrorCatalog for Straddle {
        const NAME: &'static str = "Straddle";
        const DOMAIN: &'static str = "straddle";
        const RANGE: Option<CodeRange> = Some(CodeRange::new(505, 514));
        const ENTRIES: &'static [ErrorEntry] = &[];
    }
    fn add<const N: i32>(r: &mut Registry) {
        r.register::<Band<N>>();
    }
    let mut registry = Registry::new();
    macro_rules! bands {
        ($($n:literal),*) => {$( add::<$n>(&mut registry); )*};
    }
    bands!(
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24,
        25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47,
        48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63
    );
    assert_eq!(registry.enums().len(), 64);
    assert_eq!(registry.check(), Ok(()));
    registry.register::<Straddle>();
    let conflicts = registry.check().unwrap_err();
    // Straddle (505..=514) overlaps bands 50 (500..=509) and 51 (510..=519).
    let codes: Vec<i32> = conflicts
        .iter()
        .map(|c| match *c {
            RegistryConflict::OverlappingRanges { code, .. } => code,
            _ => panic!("unexpected {c}"),
        })
        .collect();
    assert_eq!(codes, [505, 510]);
}

// Retired codes: `Retiring` retires 2150 and 2160..=2169; `Reuser` takes 2165.
catalog!(
    Retiring,
    "retiring",
    None,
    [r(2100, "E_RT_A", "retiring")],
    [CodeRange::new(2150, 2150), CodeRange::new(2160, 2169)]
);
catalog!(Reuser, "reuser", None, [r(2165, "E_RU_A", "reuser")]);

#[test]
fn a_code_one_enum_retired_is_not_used_by_another() {
    // Retired codes widen the span: 2100..=2169.
    assert_eq!(Retiring::SPAN, Some(CodeRange::new(2100, 2169)));
    let conflicts = Registry::new()
        .with::<Reuser>()
        .with::<Retiring>()
        .check()
        .unwrap_err();
    let reserved: Vec<_> = conflicts
        .iter()
        .filter(|c| matches!(c, RegistryConflict::ReservedCode { .. }))
        .collect();
    assert_eq!(
        reserved,
        [&RegistryConflict::ReservedCode {
            code: 2165,
            reserved_by: "Retiring",
            retired: CodeRange::new(2160, 2169),
            used_by: "Reuser",
            symbol: "E_RU_A",
        }]
    );
    assert_eq!(
        reserved[0].to_string(),
        "`Retiring` and `Reuser`: code 2165 is reserved (retired with 2160..=2169); use a new code"
    );
    assert_eq!(reserved[0].finding().kind(), "reserved-code");
    // Its own retired codes are no conflict of the enum itself.
    assert_eq!(Registry::new().with::<Retiring>().check(), Ok(()));
}
