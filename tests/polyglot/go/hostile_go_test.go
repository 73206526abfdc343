// Names of the module generated from hostile_go.json (.ci/golang.sh copies this file there
// alone): symbols and errorTypes that are Go keywords or predeclared names, start with a
// digit or a lowercase letter, or clash after escaping or with the runtime's own names get
// the documented names (docs/polyglot.md, "Go"), and each works with errors.Is and errors.As.
package fleet

import (
	"errors"
	"fmt"
	"testing"
)

func TestEscapedNames(t *testing.T) {
	for symbol, constant := range map[string]Symbol{
		"func": Xfunc, "type": Xtype, "Xfunc": Xfunc_2, "3XX": X3XX, "e-dash": Xe_dash,
		"E_DASH": E_DASH, "Error": Error_2, "New": New_2, "CatalogSource": CatalogSource_2,
		"ÉCHEC": X_CHEC, "iota": Xiota, "X2FA": X2FA, "2FA": X2FA_2,
	} {
		if string(constant) != symbol || !IsErrorSymbol(symbol) {
			t.Errorf("%s: %q", symbol, constant)
		}
	}
	if CatalogSource != "hostile_go.json" {
		t.Fatal(CatalogSource)
	}
}

func TestEscapedTypesWorkWithErrorsAs(t *testing.T) {
	check := func(symbol Symbol, as func(error) bool) {
		t.Helper()
		err := fmt.Errorf("wrapped: %w", New(symbol, nil))
		if !as(err) || !errors.Is(err, symbol) {
			t.Errorf("%s", symbol)
		}
	}
	check(Xfunc, func(err error) bool { var x Xerror; return errors.As(err, &x) && x.Symbol == Xfunc })
	check(Xtype, func(err error) bool { var x Error_3; return errors.As(err, &x) && x.Retryable })
	check(Xfunc_2, func(err error) bool { var x Xgo; return errors.As(err, &x) })
	check(X3XX, func(err error) bool { var x Symbol_2; return errors.As(err, &x) })
	check(Xe_dash, func(err error) bool { var x XerrorBase; return errors.As(err, &x) })
	check(E_DASH, func(err error) bool { var x New_3; return errors.As(err, &x) })
	check(Error_2, func(err error) bool { var x DecodeError_2; return errors.As(err, &x) })
	check(New_2, func(err error) bool { var x TimeoutError; return errors.As(err, &x) })
	check(X_CHEC, func(err error) bool { var x X_CHEC_2; return errors.As(err, &x) })
	check(Xiota, func(err error) bool { var x Xnil; return errors.As(err, &x) })
	check(X2FA, func(err error) bool { var x Xtrue; return errors.As(err, &x) })
	check(X2FA_2, func(err error) bool { var x Xpackage; return errors.As(err, &x) })
	var wrong Xgo
	if errors.As(New(Xfunc, nil), &wrong) {
		t.Fatal("Xfunc is an Xerror, not an Xgo")
	}
}

func TestHostileTextsRenderAndEscape(t *testing.T) {
	e := New(X3XX, map[string]any{"n": 3, "m": "a\"b"})
	if e.Message != `3 of "a\"b" and {x}` {
		t.Fatal(e.Message)
	}
	if info, _ := Lookup(Xtype); info.Help != "\ufeffBOM and \u2028 and `raw` and \"q\"" {
		t.Fatalf("%q", info.Help)
	}
	if got := string(New(Xtype, nil).ToToolError()); got != "{\"content\":[{\"type\":\"text\",\"text\":\"type: m\\nHelp: \ufeffBOM and \u2028 and `raw` and \\\"q\\\"\\nRetryable: yes\"}],\"isError\":true,\"_meta\":{\"errorType\":\"Error\",\"errorCode\":\"type\",\"retryable\":true,\"code\":5001,\"domain\":\"gohostile\",\"help\":\"\ufeffBOM and \u2028 and `raw` and \\\"q\\\"\"}}" {
		t.Fatal(got)
	}
}
