//! The errors table every generator writes (`ERRORS` in TypeScript and Python, `catalog` in
//! Go): [`write_rows`] walks the catalog's rows once, for every language, handing each row's
//! members in one order to the language's [`Rows`], which spells them.

use crate::catalog::{Entry, Field};

/// A member of an errors table's row, in the order [`write_rows`] hands them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Member {
    Code,
    Symbol,
    Domain,
    Kind,
    ErrorType,
    Retryable,
    Channel,
    Message,
    Description,
    /// Only when the error has a help text.
    Help,
    /// Only when the error has a doc URL.
    DocUrl,
}

/// A member's value, before a language writes it as a literal.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Value<'a> {
    Int(i64),
    Bool(bool),
    Text(&'a str),
}

/// How one language writes the rows of its errors table.
pub(crate) trait Rows {
    /// Opens the row of `e`.
    fn start(&mut self, out: &mut String, e: &Entry);
    /// Writes one member of the row.
    fn member(&mut self, out: &mut String, member: Member, value: Value<'_>);
    /// Writes the row's fields (the language decides what none writes).
    fn fields(&mut self, out: &mut String, fields: &[Field]);
    /// Closes the row.
    fn end(&mut self, out: &mut String);
}

/// The rows of `entries`, in their order, through `rows`.
pub(crate) fn write_rows(out: &mut String, entries: &[&Entry], rows: &mut impl Rows) {
    for e in entries {
        rows.start(out, e);
        rows.member(out, Member::Code, Value::Int(e.code));
        rows.member(out, Member::Symbol, Value::Text(&e.symbol));
        rows.member(out, Member::Domain, Value::Text(&e.domain));
        rows.member(out, Member::Kind, Value::Text(&e.kind));
        rows.member(out, Member::ErrorType, Value::Text(&e.error_type));
        rows.member(out, Member::Retryable, Value::Bool(e.retryable));
        let channel = if e.is_json_rpc() { "jsonrpc" } else { "tool" };
        rows.member(out, Member::Channel, Value::Text(channel));
        rows.member(out, Member::Message, Value::Text(&e.message));
        rows.member(out, Member::Description, Value::Text(e.description()));
        if let Some(help) = &e.help {
            rows.member(out, Member::Help, Value::Text(help));
        }
        if let Some(url) = &e.doc_url {
            rows.member(out, Member::DocUrl, Value::Text(url));
        }
        rows.fields(out, &e.fields);
        rows.end(out);
    }
}
