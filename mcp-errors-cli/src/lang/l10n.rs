//! The `translations` part of every generated module: the catalog's message templates per
//! locale ([`crate::locale`]), which the runtime's `localizedMessage` (TypeScript),
//! `localized_message` (Python) and `LocalizedMessage` (Go) fill from a decoded error's data.
//! Each writer takes its language's string literal (`lit`) so that the escaping stays the
//! language module's.

use std::fmt::Write as _;

use crate::locale::Translation;

/// TypeScript: `TRANSLATIONS`, locale key → symbol → template, frozen. `key` writes a
/// property name (`__proto__` computed).
pub(crate) fn write_ts(
    out: &mut String,
    translations: &[Translation],
    key: fn(&str) -> String,
    lit: fn(&str) -> String,
) {
    out.push_str(
        "/** The catalog's messages in other languages (`mcp-errors gen --locale`): a lowercase BCP 47 tag, then a symbol, to its template. */\n\
         export const TRANSLATIONS: Readonly<Record<string, Readonly<Partial<Record<ErrorSymbol, string>>>>> = Object.freeze({\n",
    );
    for t in translations {
        let _ = writeln!(out, "  {}: Object.freeze({{", key(&t.key()));
        for (symbol, template) in &t.messages {
            let _ = writeln!(out, "    {}: {},", key(symbol), lit(template));
        }
        out.push_str("  }),\n");
    }
    out.push_str("});\n");
}

/// Python: `TRANSLATIONS`, locale key → symbol → template.
pub(crate) fn write_python(
    out: &mut String,
    translations: &[Translation],
    lit: fn(&str) -> String,
) {
    out.push_str(
        "# The catalog's messages in other languages (``mcp-errors gen --locale``): a lowercase BCP 47\n\
         # tag, then a symbol, to its template.\n\
         TRANSLATIONS: Final[dict[str, dict[str, str]]] = {\n",
    );
    for t in translations {
        let _ = writeln!(out, "    {}: {{", lit(&t.key()));
        for (symbol, template) in &t.messages {
            let _ = writeln!(out, "        {}: {},", lit(symbol), lit(template));
        }
        out.push_str("    },\n");
    }
    out.push_str("}\n");
}

/// Go: `translations`, one `{locale key, symbol, template}` per line (no key alignment for
/// gofmt to ask for).
pub(crate) fn write_go(out: &mut String, translations: &[Translation], lit: fn(&str) -> String) {
    out.push_str(
        "// translations holds the catalog's messages in other languages (mcp-errors gen --locale):\n\
         // a lowercase BCP 47 tag, a symbol and its template.\n",
    );
    if translations.is_empty() {
        out.push_str("var translations = []translation{}\n\n");
        return;
    }
    out.push_str("var translations = []translation{\n");
    for t in translations {
        for (symbol, template) in &t.messages {
            let _ = writeln!(
                out,
                "\t{{{}, {}, {}}},",
                lit(&t.key()),
                lit(symbol),
                lit(template)
            );
        }
    }
    out.push_str("}\n\n");
}

#[cfg(test)]
pub(crate) mod tests {
    use crate::locale::{Translation, load_all};

    /// The translations the runtime files' `translations` parts are generated from:
    /// `runtime/sample_catalog.fr.toml` and `runtime/sample_catalog.fr-CA.toml`.
    pub(crate) fn sample_translations() -> Vec<Translation> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lang/runtime");
        load_all(
            &[
                dir.join("sample_catalog.fr.toml"),
                dir.join("sample_catalog.fr-CA.toml"),
            ],
            &crate::lang::template::tests::sample_catalog(),
        )
        .expect("the sample translations")
    }

    #[test]
    fn the_sample_translations_are_keyed_by_lowercase_tag() {
        let t = sample_translations();
        assert_eq!(
            t.iter().map(Translation::key).collect::<Vec<_>>(),
            ["fr", "fr-ca"]
        );
        assert_eq!(t[0].messages.len(), 3);
    }
}
