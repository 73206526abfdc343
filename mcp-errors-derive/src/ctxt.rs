//! [`Ctxt`]: collects every error of one derive so they are all reported in one build.

use core::cell::RefCell;
use core::fmt::Display;
use std::thread;

use quote::ToTokens;

/// Gathers the errors found while parsing and checking one derive input.
///
/// Every phase reports into the same `Ctxt` and keeps going, so a user with five mistakes
/// sees five errors. [`Ctxt::check`] returns them folded into one `syn::Error` (with
/// `syn::Error::combine`); a `Ctxt` dropped without being checked panics, because its errors
/// would otherwise be lost silently.
pub struct Ctxt {
    /// The errors reported so far, combined as they come (`Ok` while there are none); `None`
    /// once checked.
    errors: RefCell<Option<syn::Result<()>>>,
}

impl Ctxt {
    pub fn new() -> Ctxt {
        Ctxt {
            errors: RefCell::new(Some(Ok(()))),
        }
    }

    /// An error spanning the tokens of `obj` (from its first to its last token).
    pub fn error_spanned_by<T: ToTokens>(&self, obj: T, msg: impl Display) {
        self.error_at(&obj, &msg);
    }

    /// [`Ctxt::error_spanned_by`] by `dyn`: compiled once, not once for every type of tokens
    /// and message (what the parsers call, with a `SpanRange`).
    pub fn error_at(&self, obj: &dyn ToTokens, msg: &dyn Display) {
        self.syn_error(syn::Error::new_spanned(obj.to_token_stream(), msg));
    }

    /// An error that is already a `syn::Error` (a parse failure).
    pub fn syn_error(&self, err: syn::Error) {
        let mut errors = self.errors.borrow_mut();
        match errors.as_mut().expect("Ctxt used after check") {
            Ok(()) => *errors = Some(Err(err)),
            Err(combined) => combined.combine(err),
        }
    }

    /// All errors reported, combined into one, or `Ok` when there were none.
    pub fn check(self) -> syn::Result<()> {
        self.errors.borrow_mut().take().expect("Ctxt checked twice")
    }
}

impl Drop for Ctxt {
    fn drop(&mut self) {
        assert!(
            thread::panicking() || self.errors.borrow().is_none(),
            "forgot to check for errors"
        );
    }
}

#[cfg(test)]
mod tests {
    use super::Ctxt;
    use proc_macro2::Span;

    #[test]
    fn check_combines_all_errors_in_order() {
        let cx = Ctxt::new();
        cx.syn_error(syn::Error::new(Span::call_site(), "first"));
        cx.error_spanned_by(quote::quote!(a b), "second");
        let err = cx.check().unwrap_err();
        let messages: Vec<String> = err.into_iter().map(|e| e.to_string()).collect();
        assert_eq!(messages, ["first", "second"]);
    }

    #[test]
    fn check_is_ok_without_errors() {
        let cx = Ctxt::new();
        assert!(cx.check().is_ok());
    }

    #[test]
    #[should_panic(expected = "forgot to check for errors")]
    fn unchecked_ctxt_panics_on_drop() {
        let _cx = Ctxt::new();
    }
}
