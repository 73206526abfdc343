// Unit tests of errors_runtime.go, the runtime of every generated Go module, on the sample
// catalog its generated parts come from (sample_catalog.json). .ci/golang.sh copies both files
// into a module of their own and runs go vet and go test there.
package mcperrors

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"
)

func TestTablesComeFromTheSampleCatalog(t *testing.T) {
	if CatalogSource != "sample_catalog.json" {
		t.Fatal(CatalogSource)
	}
	info, ok := Lookup(E_NAV_TIMEOUT)
	if !ok || info.Code != 2100 || !info.Retryable || info.Help != "Retry with a longer timeout." || len(info.Fields) != 2 {
		t.Fatalf("%+v", info)
	}
	if info.DocURL != "https://errors.example.dev/browser#E_NAV_TIMEOUT" {
		t.Fatal(info.DocURL)
	}
	if info, _ := Lookup(E_SELECTOR); info.DocURL != "" {
		t.Fatal(info.DocURL)
	}
	if info, ok := LookupCode(-32602); !ok || info.Symbol != INVALID_PARAMS || info.Channel != "jsonrpc" {
		t.Fatalf("%+v", info)
	}
	if !IsErrorSymbol("E_SELECTOR") || IsErrorSymbol("E_NOPE") {
		t.Fatal("IsErrorSymbol")
	}
	all := Catalog()
	all[0].Fields[0].Key = "changed"
	if again, _ := Lookup(E_NAV_TIMEOUT); again.Fields[0].Key != "url" {
		t.Fatal("Catalog returns a copy")
	}
}

func TestNewRendersTheTemplate(t *testing.T) {
	e := New(E_NAV_TIMEOUT, map[string]any{"url": "https://example.com", "token": "s3cr3t"})
	if e.Message != "Navigation to https://example.com timed out" || !e.Retryable || e.RetryAfterMs != nil {
		t.Fatalf("%+v", e)
	}
	for _, c := range []struct {
		data map[string]any
		want string
	}{
		{map[string]any{"selector": "#go"}, `No element matches "#go"`},
		{nil, "No element matches {0:?}"},
		{map[string]any{"selector": 1.5}, "No element matches 1.5"},
		{map[string]any{"selector": 1e21}, "No element matches 1e+21"},
		{map[string]any{"selector": []any{1, "a", nil}}, `No element matches [1,"a",null]`},
		{map[string]any{"selector": math.NaN()}, "No element matches null"},
		{map[string]any{"selector": make(chan int)}, "No element matches {0:?}"},
	} {
		if got := New(E_SELECTOR, c.data).Message; got != c.want {
			t.Errorf("%v: %q, want %q", c.data, got, c.want)
		}
	}
	if got := New(E_SELECTOR, nil, WithMessage("own text")).Message; got != "own text" {
		t.Fatal(got)
	}
}

func TestAToolErrorHasTheRustBytesAndReadsBack(t *testing.T) {
	e := New(E_NAV_TIMEOUT, map[string]any{"url": "u"}, WithDetails("slow"), WithRetryAfter(1500*time.Millisecond))
	tool := e.ToToolError()
	want := `{"content":[{"type":"text","text":"E_NAV_TIMEOUT: Navigation to u timed out\nDetails: slow\nHelp: Retry with a longer timeout.\nRetryable: yes (retry after 1500 ms)"}],"isError":true,"_meta":{"errorType":"TimeoutError","errorCode":"E_NAV_TIMEOUT","retryable":true,"code":2100,"domain":"browser","retryAfterMs":1500,"details":"slow","help":"Retry with a longer timeout.","data":{"url":"u"}}}`
	if string(tool) != want {
		t.Fatalf("\n got %s\nwant %s", tool, want)
	}
	d, ok := DecodeError(tool)
	if !ok || d.Symbol != E_NAV_TIMEOUT || d.Code != 2100 || d.Kind != "timeout" || d.Channel != "tool" ||
		d.Message != "Navigation to u timed out" || *d.Details != "slow" || !d.Retryable || *d.RetryAfterMs != 1500 {
		t.Fatalf("%+v", d)
	}
	if delay, ok := RetryAfter(tool); !ok || delay != 1500*time.Millisecond || !IsRetryable(tool) {
		t.Fatal(delay)
	}
	// serde_json's escapes: ", \ and control characters; <, >, & and U+2028 as they are.
	odd := New(E_SELECTOR, map[string]any{"selector": "<a&b>\u2028\x01\"\\", "n": 5.0, "z": 1, "a": true, "f": float32(0.1)}).ToToolError()
	if !strings.Contains(string(odd), `"data":{"selector":"<a&b>`+"\u2028"+`\u0001\"\\","a":true,"f":0.1,"n":5.0,"z":1}`) {
		t.Fatalf("%s", odd)
	}
}

func TestAToolErrorIsAlwaysJSON(t *testing.T) {
	cyclic := map[string]any{}
	cyclic["self"] = cyclic
	data := map[string]any{"c": cyclic, "f": func() {}, "n": math.Inf(1), "ok": []any{json.RawMessage(`{"b":1,"a":"<"}`), json.Number("1e999")}}
	for _, b := range [][]byte{New(E_SELECTOR, data).ToToolError(), New(E_SELECTOR, data).ToJSONRPCError()} {
		if !json.Valid(b) {
			t.Fatalf("%s", b)
		}
		if !strings.Contains(string(b), `"f":null`) || !strings.Contains(string(b), `"ok":[{"b":1,"a":"<"},1e999]`) {
			t.Fatalf("%s", b)
		}
	}
}

func TestIsAndAsWorkBySymbol(t *testing.T) {
	err := fmt.Errorf("wrapped: %w", New(E_NAV_TIMEOUT, nil))
	if !errors.Is(err, E_NAV_TIMEOUT) || errors.Is(err, E_SELECTOR) || !errors.Is(err, New(E_NAV_TIMEOUT, nil)) {
		t.Fatal("errors.Is")
	}
	var timeout TimeoutError
	if !errors.As(err, &timeout) || timeout.Symbol != E_NAV_TIMEOUT {
		t.Fatal("errors.As TimeoutError")
	}
	var validation ValidationError
	if errors.As(err, &validation) {
		t.Fatal("not a ValidationError")
	}
	var plain *Error
	if !errors.As(err, &plain) || plain.Code != 2100 {
		t.Fatal("errors.As *Error")
	}
	if err.Error() != "wrapped: E_NAV_TIMEOUT: Navigation to {url} timed out" {
		t.Fatal(err.Error())
	}
	// Through an errorType's value: errors.Is, errors.As to *Error, and DecodeErr.
	typed := fmt.Errorf("typed: %w", timeout)
	var again *Error
	if !errors.Is(typed, E_NAV_TIMEOUT) || !errors.As(typed, &again) || again != timeout.errorBase {
		t.Fatal("through TimeoutError")
	}
	if d, ok := DecodeErr(typed); !ok || d.Symbol != E_NAV_TIMEOUT {
		t.Fatalf("%+v", d)
	}
	// A decoded error too.
	d, _ := DecodeError([]byte(`{"code":2101,"message":"m"}`))
	if !errors.Is(d.Err(), E_SELECTOR) || !errors.As(d.Err(), &validation) {
		t.Fatal("decoded")
	}
}

// wireError is the official Go SDK's jsonrpc.WireError, field for field.
type wireError struct {
	Code    int64           `json:"code"`
	Message string          `json:"message"`
	Data    json.RawMessage `json:"data,omitempty"`
}

func (e *wireError) Error() string { return e.Message }

func TestEveryShapeDecodes(t *testing.T) {
	object := New(INVALID_PARAMS, map[string]any{"field": "url"}).ToJSONRPCError()
	if string(object) != `{"code":-32602,"message":"Invalid params","data":{"domain":"jsonrpc","symbol":"INVALID_PARAMS","retryable":false,"field":"url"}}` {
		t.Fatalf("%s", object)
	}
	response := []byte(`{"jsonrpc":"2.0","id":1,"error":` + string(object) + `}`)
	sdk, _ := json.Marshal(&wireError{Code: -32602, Message: "Invalid params", Data: json.RawMessage(`{"symbol":"INVALID_PARAMS","retryAfterMs":20}`)})
	for _, b := range [][]byte{object, response, sdk} {
		d, ok := DecodeError(b)
		if !ok || d.Symbol != INVALID_PARAMS || d.Channel != "jsonrpc" || d.Message != "Invalid params" {
			t.Fatalf("%s: %+v", b, d)
		}
	}
	if d, ok := DecodeErr(fmt.Errorf("call: %w", &wireError{Code: 2100, Message: "slow"})); !ok || d.Symbol != E_NAV_TIMEOUT || !d.Retryable {
		t.Fatalf("%+v", d)
	}
	if d, ok := DecodeErr(fmt.Errorf("x: %w", New(E_SELECTOR, nil, WithDetails("d")))); !ok || d.Symbol != E_SELECTOR || *d.Details != "d" {
		t.Fatalf("%+v", d)
	}
	if _, ok := DecodeErr(errors.New("plain")); ok {
		t.Fatal("a plain error is no catalog error")
	}
	if d, ok := DecodeError([]byte(`{"code":" 2100 ","message":"m"}`)); !ok || d.Symbol != E_NAV_TIMEOUT || !d.Retryable {
		t.Fatalf("%+v", d)
	}
	if d, ok := DecodeError([]byte(`{"code":4242,"message":"elsewhere"}`)); !ok || d.Symbol != "" || d.Retryable || d.Domain != "" {
		t.Fatalf("%+v", d)
	}
	if !IsRetryable([]byte(`{"code":-32023,"message":"slow down"}`)) {
		t.Fatal("RateLimited")
	}
}

func TestGarbageIsNoErrorAndNeverPanics(t *testing.T) {
	for _, s := range []string{
		``, `null`, `"E_NAV_TIMEOUT"`, `2100`, `[]`, `{}`, `{"result":{}}`, `{"code":2100}`,
		`{"code":1099511627776,"message":"m"}`, `{"code":2100.5,"message":"m"}`, `{"code":1e400,"message":"m"}`,
		`{"isError":true,"_meta":"no"}`, `{"error":"text"}`, `{"code":2100,"message":"m"`, `{"code":2100,"message":"m"} x`,
		`{"isError":true,"_meta":{"code":[1]}}`, strings.Repeat(`[`, 100000), `{"code":2100,"message":` + strings.Repeat(`[`, 20000),
	} {
		if d, ok := DecodeError([]byte(s)); ok {
			t.Errorf("%.60s: %+v", s, d)
		}
		if IsRetryable([]byte(s)) {
			t.Errorf("%.60s retryable", s)
		}
		if _, ok := RetryAfter([]byte(s)); ok {
			t.Errorf("%.60s delay", s)
		}
	}
}

func TestRetryDelays(t *testing.T) {
	tool := func(meta, text string) []byte {
		return []byte(`{"content":[{"type":"text","text":` + text + `}],"isError":true,"_meta":{"code":2101` + meta + `}}`)
	}
	ms := func(b []byte) any {
		d, ok := RetryAfter(b)
		if !ok {
			return nil
		}
		return d.Milliseconds()
	}
	for _, c := range []struct {
		b    []byte
		want any
	}{
		{tool(`,"retryAfterMs":5`, `"x (retry after 7 ms)"`), int64(5)},
		{tool(`,"data":{"retryAfterMs":3},"retryAfterMs":5`, `"x"`), int64(3)},
		{tool(``, `"x (retry after 5 ms) then (retry after 7 ms)"`), int64(7)},
		{tool(``, `"x (retry after 99999999999999999999 ms)"`), nil},
		{tool(`,"retryAfterMs":-5`, `"no delay"`), nil},
		{tool(`,"retryAfterMs":1.5`, `"no delay"`), nil},
		{tool(`,"retryAfterMs":"5"`, `"no delay"`), nil},
		{tool(`,"retryAfterMs":true`, `"no delay"`), nil},
		{tool(`,"retryAfterMs":1152921504606846976`, `"no delay"`), nil},
		{[]byte(`{"code":2101,"message":"m","data":{"retryAfterMs":20}}`), int64(20)},
	} {
		if got := ms(c.b); got != c.want {
			t.Errorf("%s: %v, want %v", c.b, got, c.want)
		}
	}
	header := map[string][]string{"retry-after": {"3"}}
	if d, ok := RetryAfterHTTP(header, []byte(`{"code":429,"message":"m"}`)); !ok || d != 3*time.Second {
		t.Fatal(d)
	}
	if _, ok := RetryAfterHTTP(map[string][]string{"Retry-After": {"Wed, 21 Oct 2015 07:28:00 GMT"}}, nil); ok {
		t.Fatal("an HTTP date is ignored")
	}
	d, _ := DecodeError(tool(`,"errorCode":"E_SELECTOR"`, `"E_SELECTOR: Too many (retry after 2000 ms)"`))
	if d.Message != "Too many" || !d.Retryable {
		t.Fatalf("%+v", d)
	}
	d, _ = DecodeError(tool(`,"errorCode":"E_SELECTOR"`, `"E_SELECTOR: (retry after soon) ok"`))
	if d.Message != "(retry after soon) ok" {
		t.Fatalf("%+v", d)
	}
}

func TestLocalizedMessageRendersInTheClientsLocaleFallingBack(t *testing.T) {
	decode := func(text string) Decoded {
		d, ok := DecodeError([]byte(text))
		if !ok {
			t.Fatalf("not decoded: %s", text)
		}
		return d
	}
	nav := decode(`{"code":2100,"message":"Navigation to https://x timed out","data":{"url":"https://x"}}`)
	for _, c := range []struct{ locale, want string }{
		{"fr", "La navigation vers https://x a expiré"},
		{"fr-CA", "La navigation vers https://x a pris trop de temps"},
		{"FR_ca", "La navigation vers https://x a pris trop de temps"},
		{"fr-BE", "La navigation vers https://x a expiré"},
		// no translation for the locale: the wire message, which is never changed
		{"de-DE", "Navigation to https://x timed out"},
		{"", "Navigation to https://x timed out"},
	} {
		if got := LocalizedMessage(nav, c.locale); got != c.want {
			t.Errorf("%q: %q, want %q", c.locale, got, c.want)
		}
	}
	if nav.Message != "Navigation to https://x timed out" {
		t.Fatal(nav.Message)
	}
	// a value the translation names is missing: the wire message, not a half-filled template
	if got := LocalizedMessage(decode(`{"code":2100,"message":"Navigation to ? timed out"}`), "fr"); got != "Navigation to ? timed out" {
		t.Error(got)
	}
	// fr-CA has no E_SELECTOR: fr's, its {0:?} the value's JSON string literal
	sel := decode(`{"code":2101,"message":"No element matches \"#go\"","data":{"selector":"#go"}}`)
	if got := LocalizedMessage(sel, "fr-CA"); got != `Aucun élément ne correspond à "#go"` {
		t.Error(got)
	}
	if got := LocalizedMessage(decode(`{"code":-32602,"message":"Invalid params"}`), "fr"); got != "Paramètres invalides" {
		t.Error(got)
	}
	if got := LocalizedMessage(decode(`{"code":4242,"message":"elsewhere"}`), "fr"); got != "elsewhere" {
		t.Error(got)
	}
}
