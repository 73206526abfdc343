// Behaviour of a generated Go module, whatever its catalog: .ci/golang.sh copies this file
// into each module it generates (`mcp-errors gen --lang go --package example.com/fleet`, so
// the package is fleet) and runs go test there. For every symbol: the error New builds is
// found by errors.Is and errors.As by its symbol, its tool error and its JSON-RPC error decode
// back to it, its retry delay goes through the retry contract; and no input (truncated JSON,
// wrong types, huge numbers, random bytes) makes the decoder panic or call garbage an error.
// With tool_errors.json beside it (the example's catalog), each tool error is the Rust
// server's, byte for byte.
package fleet

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand"
	"os"
	"strings"
	"testing"
	"time"
)

func TestEverySymbolRoundTrips(t *testing.T) {
	for _, info := range Catalog() {
		if got, ok := Lookup(info.Symbol); !ok || got.Code != info.Code {
			t.Fatalf("%s: Lookup", info.Symbol)
		}
		e := New(info.Symbol, map[string]any{"k": "v"}, WithDetails("d\n\"x\""), WithRetryAfter(1500*time.Millisecond))
		wrapped := fmt.Errorf("call: %w", e)
		if !errors.Is(wrapped, info.Symbol) || !errors.Is(wrapped, New(info.Symbol, nil)) {
			t.Errorf("%s: errors.Is", info.Symbol)
		}
		for _, other := range Catalog() {
			if other.Symbol != info.Symbol && errors.Is(wrapped, other.Symbol) {
				t.Errorf("%s is not %s", info.Symbol, other.Symbol)
			}
		}
		var base *Error
		if !errors.As(wrapped, &base) || base != e {
			t.Errorf("%s: errors.As *Error", info.Symbol)
		}
		if !e.Retryable || e.ErrorType != info.ErrorType || e.Domain != info.Domain {
			t.Errorf("%s: %+v", info.Symbol, e)
		}
		for _, b := range [][]byte{e.ToToolError(), e.ToJSONRPCError()} {
			if !json.Valid(b) {
				t.Fatalf("%s: not JSON: %s", info.Symbol, b)
			}
			d, ok := DecodeError(b)
			if !ok || d.Symbol != info.Symbol || d.Code != info.Code || !d.Retryable || d.Details == nil ||
				*d.Details != "d\n\"x\"" || d.RetryAfterMs == nil || *d.RetryAfterMs != 1500 {
				t.Errorf("%s: %s decodes to %+v", info.Symbol, b, d)
			}
			if delay, ok := RetryAfter(b); !ok || delay != 1500*time.Millisecond {
				t.Errorf("%s: RetryAfter %v", info.Symbol, delay)
			}
			if !errors.Is(d.Err(), info.Symbol) {
				t.Errorf("%s: the decoded error is not its symbol", info.Symbol)
			}
		}
		plain := New(info.Symbol, nil)
		if IsRetryable(plain.ToToolError()) != info.Retryable {
			t.Errorf("%s: the catalog's retryable flag", info.Symbol)
		}
	}
}

// The shape of the official Go SDK's wire error (jsonrpc.WireError): data as raw JSON.
type wireError struct {
	Code    int64           `json:"code"`
	Message string          `json:"message"`
	Data    json.RawMessage `json:"data,omitempty"`
}

func (e *wireError) Error() string { return e.Message }

func TestTheGoSDKsWireErrorDecodes(t *testing.T) {
	for _, info := range Catalog() {
		wire := &wireError{Code: int64(info.Code), Message: "m", Data: json.RawMessage(`{"retryAfterMs":20}`)}
		b, _ := json.Marshal(wire)
		d, ok := DecodeError(b)
		if !ok || d.Code != info.Code || d.Message != "m" || d.RetryAfterMs == nil || *d.RetryAfterMs != 20 || !d.Retryable {
			t.Fatalf("%s: %+v", b, d)
		}
		if d, ok := DecodeErr(fmt.Errorf("client: %w", wire)); !ok || d.Code != info.Code {
			t.Fatalf("DecodeErr: %+v", d)
		}
	}
}

func TestHostileInputNeverPanics(t *testing.T) {
	seeds := [][]byte{[]byte(`{"code":1,"message":"m","data":{"retryAfterMs":5}}`)}
	for _, info := range Catalog() {
		seeds = append(seeds, New(info.Symbol, map[string]any{"a": []any{1.5, nil}}).ToToolError())
	}
	for _, s := range []string{
		`{"code":99999999999999999999999,"message":"m"}`, `{"code":-2147483649,"message":"m"}`,
		`{"code":1e3,"message":"m"}`, `{"code":true,"message":"m"}`, `{"code":1,"message":7}`,
		`{"isError":true,"_meta":{"code":"x"}}`, `{"isError":"true","_meta":{"code":1}}`,
		`{"error":{"code":1}}`, `{"error":[],"code":"no"}`, `{"code":1,"message":"m","data":[1]}`,
		`{"code":1,"message":"m","data":{"retryAfterMs":1e400}}`, "\xff\xfe", `{"code":1,"message":"\ud800"}`,
	} {
		seeds = append(seeds, []byte(s))
	}
	rnd := rand.New(rand.NewSource(20261128))
	for round := 0; round < 20000; round++ {
		b := []byte(string(seeds[rnd.Intn(len(seeds))]))
		if len(b) > 0 {
			switch rnd.Intn(4) {
			case 0:
				b = b[:rnd.Intn(len(b))]
			case 1:
				b[rnd.Intn(len(b))] = byte(rnd.Intn(256))
			case 2:
				at := rnd.Intn(len(b))
				b = append(b[:at:at], append([]byte(`"`), b[at:]...)...)
			default:
				b = append(b, b...)
			}
		}
		// Neither may panic (the test would fail); what they return is the caller's.
		if d, ok := DecodeError(b); ok && d.Channel != "jsonrpc" && d.Channel != "tool" {
			t.Fatalf("%q: %+v", b, d)
		}
		_, _ = RetryAfter(b)
		_ = IsRetryable(b)
	}
	for _, s := range []string{``, `null`, `[]`, `{}`, `"x"`, `{"result":{}}`, `{"code":1}`, strings.Repeat("[", 1<<16)} {
		if _, ok := DecodeError([]byte(s)); ok {
			t.Errorf("%.40q decodes", s)
		}
	}
	if _, ok := DecodeErr(nil); ok {
		t.Error("nil")
	}
}

// toolErrorVector is one line of tool_errors.json: what the Rust server sends for an error
// (its symbol, details, retry delay and data), written by tests/test_go_vectors.rs.
type toolErrorVector struct {
	Symbol       Symbol          `json:"symbol"`
	Details      *string         `json:"details"`
	RetryAfterMs *int64          `json:"retryAfterMs"`
	Data         json.RawMessage `json:"data"`
	Rust         string          `json:"rust"`
}

// goValue is v as a Go program has it: a JSON number written with a fraction or an
// exponent a float64, any other an int64.
func goValue(v any) any {
	switch x := v.(type) {
	case json.Number:
		if strings.ContainsAny(string(x), ".eE") {
			f, _ := x.Float64()
			return f
		}
		i, _ := x.Int64()
		return i
	case []any:
		for i := range x {
			x[i] = goValue(x[i])
		}
	case map[string]any:
		for k := range x {
			x[k] = goValue(x[k])
		}
	}
	return v
}

func TestToolErrorsAreTheRustServersBytes(t *testing.T) {
	b, err := os.ReadFile("tool_errors.json")
	if os.IsNotExist(err) {
		t.Skip("no tool_errors.json: the Rust vectors are for the example's catalog and vectors_catalog.json")
	}
	var vectors []toolErrorVector
	if err != nil || json.Unmarshal(b, &vectors) != nil || len(vectors) < 5 {
		t.Fatalf("tool_errors.json: %v", err)
	}
	for _, v := range vectors {
		var opts []Option
		if v.Details != nil {
			opts = append(opts, WithDetails(*v.Details))
		}
		if v.RetryAfterMs != nil {
			opts = append(opts, WithRetryAfter(time.Duration(*v.RetryAfterMs)*time.Millisecond))
		}
		var data map[string]any
		if len(v.Data) > 0 && string(v.Data) != "null" {
			dec := json.NewDecoder(strings.NewReader(string(v.Data)))
			dec.UseNumber()
			if err := dec.Decode(&data); err != nil {
				t.Fatal(err)
			}
			goValue(data)
		}
		if got := string(New(v.Symbol, data, opts...).ToToolError()); got != v.Rust {
			t.Errorf("%s:\n got %s\nrust %s", v.Symbol, got, v.Rust)
		}
	}
}
