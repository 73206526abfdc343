// ---- begin generated: header ----
// The runtime of the Go module `mcp-errors gen --lang go` writes (errors.go): the generator
// copies this file, replacing each part between "begin generated" and "end generated" with
// the catalog's own; what is between the markers here is what it writes for
// sample_catalog.json (a unit test keeps it so: MCP_ERRORS_BLESS=1 cargo test -p
// mcp-errors-cli rewrites it). So this file builds, passes gofmt and go vet as it is, and
// errors_runtime_test.go tests it. Edit the rest freely: it is the runtime of every generated
// module.
// ---- end generated: header ----

// ---- begin generated: package ----
// Package mcperrors holds the error codes of an MCP server fleet, generated from its
// mcp-errors catalog (sample_catalog.json).
//
// Decode any error a client receives (DecodeError, DecodeErr), ask whether to retry
// (IsRetryable, RetryAfter, RetryAfterHTTP), and build the catalog's errors in a Go server
// (New(...).ToToolError()). Standard library only.
package mcperrors

// ---- end generated: package ----
import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Symbol is a symbol of the catalog (E_PW_NAV). As an error value it is a sentinel:
// errors.Is(err, E_PW_NAV) holds for every *Error of that symbol in err's chain.
type Symbol string

// Error returns the symbol itself.
func (s Symbol) Error() string { return string(s) }

// ---- begin generated: symbols ----
// CatalogSource is the catalog this module was generated from.
const CatalogSource = "sample_catalog.json"

// Every symbol of the catalog, as a Symbol constant (see Lookup for its code).
const (
	// E_NAV_TIMEOUT (2100): Navigation to {url} timed out (timeout), retryable
	E_NAV_TIMEOUT Symbol = "E_NAV_TIMEOUT"
	// E_SELECTOR (2101): No element matches {0:?} (not_found)
	E_SELECTOR Symbol = "E_SELECTOR"
	// INVALID_PARAMS (-32602): Invalid params (protocol)
	INVALID_PARAMS Symbol = "INVALID_PARAMS"
)

// ---- end generated: symbols ----
// FieldInfo is a field of a symbol's Rust variant: Name is what its message template calls
// it, Key its key in data, Role what the server does with it (data, details, source, skip
// for a field never sent, ...).
type FieldInfo struct {
	Name string
	Key  string
	Role string
}

// ErrorInfo is what the catalog says about one symbol. Message is the template New fills
// from data by Fields.
type ErrorInfo struct {
	Code      int
	Symbol    Symbol
	Domain    string
	Kind      string
	ErrorType string
	Retryable bool
	// Channel is "tool" (a tool error, isError: true) or "jsonrpc" (a JSON-RPC error).
	Channel     string
	Message     string
	Description string
	// Help is what to do about it; HasHelp says whether the catalog gives one.
	Help    string
	HasHelp bool
	Fields  []FieldInfo
	// DocURL is the page documenting the error, "" when the catalog names none.
	DocURL string
}

// ---- begin generated: tables ----
// catalog is the catalog's metadata of every symbol, in catalog order.
var catalog = []ErrorInfo{
	{
		Code:        2100,
		Symbol:      E_NAV_TIMEOUT,
		Domain:      "browser",
		Kind:        "timeout",
		ErrorType:   "TimeoutError",
		Retryable:   true,
		Channel:     "tool",
		Message:     "Navigation to {url} timed out",
		Description: "Navigation to {url} timed out",
		Help:        "Retry with a longer timeout.",
		HasHelp:     true,
		DocURL:      "https://errors.example.dev/browser#E_NAV_TIMEOUT",
		Fields: []FieldInfo{
			{Name: "url", Key: "url", Role: "data"},
			{Name: "token", Key: "token", Role: "skip"},
		},
	},
	{
		Code:        2101,
		Symbol:      E_SELECTOR,
		Domain:      "browser",
		Kind:        "not_found",
		ErrorType:   "ValidationError",
		Retryable:   false,
		Channel:     "tool",
		Message:     "No element matches {0:?}",
		Description: "No element matches {0:?}",
		Fields: []FieldInfo{
			{Name: "0", Key: "selector", Role: "data"},
			{Name: "why", Key: "details", Role: "details"},
		},
	},
	{
		Code:        -32602,
		Symbol:      INVALID_PARAMS,
		Domain:      "jsonrpc",
		Kind:        "protocol",
		ErrorType:   "ProtocolError",
		Retryable:   false,
		Channel:     "jsonrpc",
		Message:     "Invalid params",
		Description: "Invalid params",
		Fields: []FieldInfo{
			{Name: "field", Key: "field", Role: "data"},
		},
	},
}

// ---- end generated: tables ----
var bySymbol, byCode = func() (map[Symbol]int, map[int]int) {
	symbols := make(map[Symbol]int, len(catalog))
	codes := make(map[int]int, len(catalog))
	for i, info := range catalog {
		symbols[info.Symbol] = i
		if _, taken := codes[info.Code]; !taken {
			codes[info.Code] = i
		}
	}
	return symbols, codes
}()

// RateLimited is SEP-3304's proposed RateLimited code: always retryable.
const RateLimited = -32023

// maxSafe is the largest delay in milliseconds the retry contract reads (2^53 - 1).
const maxSafe = 1<<53 - 1

// Catalog returns the catalog's metadata of every symbol, in catalog order (a copy).
func Catalog() []ErrorInfo {
	out := make([]ErrorInfo, len(catalog))
	for i, info := range catalog {
		info.Fields = append([]FieldInfo(nil), info.Fields...)
		out[i] = info
	}
	return out
}

// Lookup returns what the catalog says about symbol, and whether it has it.
func Lookup(symbol Symbol) (ErrorInfo, bool) {
	i, ok := bySymbol[symbol]
	if !ok {
		return ErrorInfo{}, false
	}
	info := catalog[i]
	info.Fields = append([]FieldInfo(nil), info.Fields...)
	return info, true
}

// LookupCode returns the catalog's first symbol of code, and whether it has one.
func LookupCode(code int) (ErrorInfo, bool) {
	i, ok := byCode[code]
	if !ok {
		return ErrorInfo{}, false
	}
	return Lookup(catalog[i].Symbol)
}

// IsErrorSymbol reports whether s is a symbol of the catalog.
func IsErrorSymbol(s string) bool {
	_, ok := bySymbol[Symbol(s)]
	return ok
}

// Decoded is an error received on either channel, read back.
type Decoded struct {
	Code int
	// Symbol is "" for a code outside the catalog.
	Symbol Symbol
	// Domain and Kind are "" when neither the wire nor the catalog says.
	Domain    string
	Kind      string
	Retryable bool
	// RetryAfterMs is the delay the error asks for, nil when it names none.
	RetryAfterMs *int64
	Message      string
	// Details is the tool error's Details: (_meta.details), or the JSON-RPC error's
	// data.details; nil when absent.
	Details *string
	// Data is the error's data (a JSON-RPC error's data, a tool error's _meta.data), numbers
	// as json.Number; nil when absent or not an object.
	Data map[string]any
	// Channel is "jsonrpc" or "tool".
	Channel string
}

// Err returns the decoded error as an *Error, so that errors.Is and errors.As work on it as
// on one built with New (an unknown code has an empty Symbol and ErrorType).
func (d Decoded) Err() *Error {
	e := &Error{
		Code:         d.Code,
		Symbol:       d.Symbol,
		Domain:       d.Domain,
		Kind:         d.Kind,
		Retryable:    d.Retryable,
		Message:      d.Message,
		Details:      d.Details,
		RetryAfterMs: d.RetryAfterMs,
		Data:         d.Data,
	}
	if i, ok := bySymbol[d.Symbol]; ok {
		e.ErrorType = catalog[i].ErrorType
	}
	return e
}

var (
	retryText   = regexp.MustCompile(`\(retry after ([0-9]+) ms\)`)
	retrySuffix = regexp.MustCompile(` \(retry after [0-9]+ ms\)$`)
	codeText    = regexp.MustCompile(`^\s*-?[0-9]{1,10}\s*$`)
	digitsOnly  = regexp.MustCompile(`^\s*[0-9]+\s*$`)
)

// parseJSON reads one JSON value, numbers as json.Number; ok is false for anything that is not
// exactly one JSON value.
func parseJSON(b []byte) (v any, ok bool) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return nil, false
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, false
	}
	return v, true
}

// integer reads v as an integer within [lo, hi]: a JSON number written as an integer.
func integer(v any, lo, hi int64) (int64, bool) {
	n, ok := v.(json.Number)
	if !ok || strings.ContainsAny(string(n), ".eE") {
		return 0, false
	}
	i, err := strconv.ParseInt(string(n), 10, 64)
	if err != nil || i < lo || i > hi {
		return 0, false
	}
	return i, true
}

func asCode(v any) (int, bool) {
	if s, ok := v.(string); ok && codeText.MatchString(s) {
		v = json.Number(strings.TrimSpace(s))
	}
	c, ok := integer(v, math.MinInt32, math.MaxInt32)
	return int(c), ok
}

func asMs(v any) *int64 {
	if ms, ok := integer(v, 0, maxSafe); ok {
		return &ms
	}
	return nil
}

func asString(v any) *string {
	if s, ok := v.(string); ok {
		return &s
	}
	return nil
}

func asObject(v any) map[string]any {
	m, _ := v.(map[string]any)
	return m
}

// msFromText reads the last (retry after N ms) of text.
func msFromText(text *string) *int64 {
	if text == nil {
		return nil
	}
	var found *int64
	for _, m := range retryText.FindAllStringSubmatch(*text, -1) {
		found = asMs(json.Number(m[1]))
	}
	return found
}

func firstText(content any) *string {
	blocks, ok := content.([]any)
	if !ok {
		return nil
	}
	for _, block := range blocks {
		b := asObject(block)
		if b == nil || b["type"] != "text" {
			continue
		}
		if text := asString(b["text"]); text != nil {
			return text
		}
	}
	return nil
}

func decoded(code int, wireSymbol, wireDomain, wireRetryable any, retryAfter *int64,
	message string, details *string, data map[string]any, channel string) Decoded {
	at, known := -1, false
	if s, ok := wireSymbol.(string); ok {
		at, known = bySymbol[Symbol(s)]
		if !known {
			at = -1
		}
	}
	if !known {
		at, known = byCode[code]
	}
	d := Decoded{Code: code, Message: message, Details: details, Data: data,
		Channel: channel, RetryAfterMs: retryAfter}
	if flag, ok := wireRetryable.(bool); ok {
		d.Retryable = flag
	} else {
		d.Retryable = (known && catalog[at].Retryable) || code == RateLimited
	}
	if retryAfter != nil {
		d.Retryable = true
	}
	if known {
		d.Symbol = catalog[at].Symbol
		d.Kind = catalog[at].Kind
		d.Domain = catalog[at].Domain
	}
	if domain := asString(wireDomain); domain != nil {
		d.Domain = *domain
	}
	return d
}

// toolMessage is the message of a tool error's text: after "SYMBOL: ", before the Details:
// line, without the text form of the delay that ends its line.
func toolMessage(text *string, symbol *string) string {
	if text == nil {
		return ""
	}
	head := *text
	if symbol != nil && strings.HasPrefix(head, *symbol+": ") {
		head = head[len(*symbol)+2:]
	}
	for _, marker := range []string{"\nDetails: ", "\nHelp: ", "\nRetryable: "} {
		if at := strings.Index(head, marker); at >= 0 {
			head = head[:at]
		}
	}
	return retrySuffix.ReplaceAllString(head, "")
}

func decodeToolResult(x map[string]any) (Decoded, bool) {
	meta := asObject(x["_meta"])
	if meta == nil {
		return Decoded{}, false
	}
	symbol := asString(meta["errorCode"])
	code, ok := asCode(meta["code"])
	if !ok && symbol != nil {
		if i, found := bySymbol[Symbol(*symbol)]; found {
			code, ok = catalog[i].Code, true
		}
	}
	if !ok {
		return Decoded{}, false
	}
	text := firstText(x["content"])
	data := asObject(meta["data"])
	ms := asMs(data["retryAfterMs"])
	if ms == nil {
		ms = asMs(meta["retryAfterMs"])
	}
	if ms == nil {
		ms = msFromText(text)
	}
	var wireSymbol any
	if symbol != nil {
		wireSymbol = *symbol
	}
	return decoded(code, wireSymbol, meta["domain"], meta["retryable"], ms,
		toolMessage(text, symbol), asString(meta["details"]), data, "tool"), true
}

func decodeErrorObject(x map[string]any) (Decoded, bool) {
	code, ok := asCode(x["code"])
	message := asString(x["message"])
	if !ok || message == nil {
		return Decoded{}, false
	}
	data := asObject(x["data"])
	return decoded(code, data["symbol"], data["domain"], data["retryable"],
		asMs(data["retryAfterMs"]), *message, asString(data["details"]), data, "jsonrpc"), true
}

func decodeValue(v any) (Decoded, bool) {
	m := asObject(v)
	if m == nil {
		return Decoded{}, false
	}
	if m["isError"] == true {
		return decodeToolResult(m)
	}
	if inner, has := m["error"]; has && inner != nil {
		if _, isCode := asCode(m["code"]); !isCode {
			if object := asObject(inner); object != nil {
				return decodeErrorObject(object)
			}
			return Decoded{}, false
		}
	}
	return decodeErrorObject(m)
}

// DecodeError reads an error back from the bytes of a JSON-RPC error object ({code, message,
// data}: also the official Go SDK's wire error, data as raw JSON), a JSON-RPC response
// carrying one, or a tool result with isError: true and mcp-errors' _meta. A code outside the
// catalog decodes with an empty Symbol. Anything else (a success, malformed JSON, a value of
// the wrong type) gives false; it never panics.
func DecodeError(b []byte) (d Decoded, found bool) {
	defer func() {
		if recover() != nil {
			d, found = Decoded{}, false
		}
	}()
	v, ok := parseJSON(b)
	if !ok {
		return Decoded{}, false
	}
	return decodeValue(v)
}

// DecodeErr reads an error back from a Go error: an *Error of this module in err's chain (as
// errors.As finds it, through an errorType's type too), else the first error of the chain
// (Unwrap, at most 64 deep) whose JSON (encoding/json) is an error object or a tool result,
// as the official Go SDK's *jsonrpc.WireError is.
func DecodeErr(err error) (d Decoded, found bool) {
	defer func() {
		if recover() != nil {
			d, found = Decoded{}, false
		}
	}()
	var own *Error
	if errors.As(err, &own) && own != nil {
		return decodeValue(mustParse(own.ToJSONRPCError()))
	}
	for depth := 0; err != nil && depth < 64; depth++ {
		if b, jsonErr := json.Marshal(err); jsonErr == nil {
			if d, ok := DecodeError(b); ok {
				return d, true
			}
		}
		err = unwrap(err)
	}
	return Decoded{}, false
}

func unwrap(err error) error {
	if u, ok := err.(interface{ Unwrap() error }); ok {
		return u.Unwrap()
	}
	return nil
}

func mustParse(b []byte) any {
	v, _ := parseJSON(b)
	return v
}

// IsRetryable reports whether the error in b (as DecodeError reads it) is worth retrying: the
// wire's flag, else the catalog's; false for anything that is not an error.
func IsRetryable(b []byte) bool {
	d, ok := DecodeError(b)
	return ok && d.Retryable
}

// RetryAfter returns the delay the error in b asks for before a retry: data.retryAfterMs,
// else _meta.retryAfterMs, else the text's last "(retry after N ms)". Malformed values (not a
// whole number of milliseconds from 0 to 2^53-1) are ignored.
func RetryAfter(b []byte) (time.Duration, bool) {
	d, ok := DecodeError(b)
	if !ok || d.RetryAfterMs == nil {
		return 0, false
	}
	return time.Duration(*d.RetryAfterMs) * time.Millisecond, true
}

// RetryAfterHTTP is RetryAfter on an HTTP response's body, else its Retry-After header in
// seconds (an http.Header is a map[string][]string; the name is matched in any case, an
// HTTP date is ignored).
func RetryAfterHTTP(header map[string][]string, body []byte) (time.Duration, bool) {
	if d, ok := RetryAfter(body); ok {
		return d, true
	}
	var value string
	found := false
	for k, v := range header {
		if strings.EqualFold(k, "Retry-After") && len(v) > 0 {
			value, found = v[0], true
		}
	}
	if !found || !digitsOnly.MatchString(value) {
		return 0, false
	}
	secs, err := strconv.ParseInt(strings.TrimSpace(value), 10, 64)
	if err != nil || secs > maxSafe/1000 {
		return 0, false
	}
	return time.Duration(secs) * time.Second, true
}

// Error is an error of the catalog: built by New in a Go server, or read back by
// Decoded.Err in a client. errors.Is(err, SYMBOL) and errors.Is(err, other) (an *Error of the
// same symbol) hold by symbol; errors.As finds it as *Error and as its errorType's type.
type Error struct {
	Code      int
	Symbol    Symbol
	Domain    string
	Kind      string
	ErrorType string
	Retryable bool
	Message   string
	// Details is the Details: line and _meta.details; nil for none.
	Details *string
	// RetryAfterMs is a known retry delay; it makes the error retryable.
	RetryAfterMs *int64
	// Data is the variant's data fields, written in catalog field order, then by key.
	Data map[string]any
}

// Error returns "SYMBOL: message" (the message alone for an unknown symbol).
func (e *Error) Error() string {
	if e.Symbol == "" {
		return e.Message
	}
	return string(e.Symbol) + ": " + e.Message
}

// Is reports whether target is e's symbol, or an *Error of the same symbol.
func (e *Error) Is(target error) bool {
	switch t := target.(type) {
	case Symbol:
		return e.Symbol != "" && e.Symbol == t
	case *Error:
		return t != nil && e.Symbol != "" && e.Symbol == t.Symbol
	}
	return false
}

// As sets target to e when it points to a variable of e's errorType's type, or (for a value
// of such a type, which embeds *Error) of type *Error.
func (e *Error) As(target any) bool {
	if p, ok := target.(**Error); ok {
		*p = e
		return true
	}
	return e.asType(target)
}

// An Option sets what an error carries besides its symbol and data.
type Option func(*options)

type options struct {
	message      *string
	details      *string
	retryAfterMs *int64
	domain       *string
}

// WithMessage uses message as it is, rather than the catalog's template filled from data.
func WithMessage(message string) Option {
	return func(o *options) { o.message = &message }
}

// WithDetails sets the Details: line and _meta.details.
func WithDetails(details string) Option {
	return func(o *options) { o.details = &details }
}

// WithRetryAfter sets a known retry delay, in whole milliseconds (a negative or too long
// one is ignored); it makes the error retryable.
func WithRetryAfter(d time.Duration) Option {
	return func(o *options) {
		ms := int64(d / time.Millisecond)
		if d >= 0 && ms <= maxSafe {
			o.retryAfterMs = &ms
		} else {
			o.retryAfterMs = nil
		}
	}
}

// WithDomain sets the domain the server raises it under (default: the catalog's).
func WithDomain(domain string) Option {
	return func(o *options) { o.domain = &domain }
}

// New builds the catalog's error of symbol, its message the catalog's template filled from
// data (see WithMessage). A symbol outside the catalog gives an error of code 0 that is not
// retryable; New never panics.
func New(symbol Symbol, data map[string]any, opts ...Option) *Error {
	var o options
	for _, option := range opts {
		if option != nil {
			option(&o)
		}
	}
	var info ErrorInfo
	if i, ok := bySymbol[symbol]; ok {
		info = catalog[i]
	}
	e := &Error{Symbol: symbol, Code: info.Code, Domain: info.Domain, Kind: info.Kind,
		ErrorType: info.ErrorType, Details: o.details, RetryAfterMs: o.retryAfterMs, Data: data}
	if o.domain != nil {
		e.Domain = *o.domain
	}
	if o.message != nil {
		e.Message = *o.message
	} else {
		e.Message = render(info.Message, info.Fields, data, o.details)
	}
	e.Retryable = info.Retryable || e.RetryAfterMs != nil
	return e
}

// ToToolError returns the MCP tool error (a CallToolResult with isError: true): the same
// bytes as the Rust server's tool error (its default format) for the same symbol, message,
// details, retry delay and data.
func (e *Error) ToToolError() []byte {
	var help *string
	if i, ok := bySymbol[e.Symbol]; ok && catalog[i].HasHelp {
		help = &catalog[i].Help
	}
	var text strings.Builder
	text.WriteString(string(e.Symbol) + ": " + e.Message)
	if e.Details != nil {
		text.WriteString("\nDetails: " + *e.Details)
	}
	if help != nil {
		text.WriteString("\nHelp: " + *help)
	}
	switch {
	case !e.Retryable:
		text.WriteString("\nRetryable: no")
	case e.RetryAfterMs == nil:
		text.WriteString("\nRetryable: yes")
	default:
		// The retry contract's text form ends the text.
		text.WriteString("\nRetryable: yes (retry after " + strconv.FormatInt(*e.RetryAfterMs, 10) + " ms)")
	}
	w := jsonWriter{lenient: true}
	w.raw(`{"content":[{"type":"text","text":`)
	w.str(text.String())
	w.raw(`}],"isError":true,"_meta":{"errorType":`)
	w.str(e.ErrorType)
	w.raw(`,"errorCode":`)
	w.str(string(e.Symbol))
	w.raw(`,"retryable":` + strconv.FormatBool(e.Retryable) + `,"code":` + strconv.Itoa(e.Code) + `,"domain":`)
	w.str(e.Domain)
	if e.RetryAfterMs != nil {
		w.raw(`,"retryAfterMs":` + strconv.FormatInt(*e.RetryAfterMs, 10))
	}
	if e.Details != nil {
		w.raw(`,"details":`)
		w.str(*e.Details)
	}
	if help != nil {
		w.raw(`,"help":`)
		w.str(*help)
	}
	if len(e.Data) > 0 {
		w.raw(`,"data":`)
		w.object(e.Data, e.dataOrder(), serdeNumber)
	}
	w.raw(`}}`)
	return w.buf.Bytes()
}

// ToJSONRPCError returns the JSON-RPC error object (the error member of a response).
func (e *Error) ToJSONRPCError() []byte {
	data := map[string]any{"domain": e.Domain, "symbol": string(e.Symbol), "retryable": e.Retryable}
	order := []string{"domain", "symbol", "retryable"}
	if e.Details != nil {
		data["details"] = *e.Details
		order = append(order, "details")
	}
	if e.RetryAfterMs != nil {
		data["retryAfterMs"] = json.Number(strconv.FormatInt(*e.RetryAfterMs, 10))
		order = append(order, "retryAfterMs")
	}
	for k, v := range e.Data {
		if _, taken := data[k]; !taken {
			data[k] = v
		}
	}
	w := jsonWriter{lenient: true}
	w.raw(`{"code":` + strconv.Itoa(e.Code) + `,"message":`)
	w.str(e.Message)
	w.raw(`,"data":`)
	w.object(data, append(order, e.dataOrder()...), serdeNumber)
	w.raw(`}`)
	return w.buf.Bytes()
}

// dataOrder is the order of e's data keys on the wire: the catalog's fields of its symbol
// first (the Rust variant's order), then the others by key.
func (e *Error) dataOrder() []string {
	if i, ok := bySymbol[e.Symbol]; ok {
		keys := make([]string, 0, len(catalog[i].Fields))
		for _, f := range catalog[i].Fields {
			keys = append(keys, f.Key)
		}
		return keys
	}
	return nil
}

// numberStyle is how a float64 is written: as Rust's serde_json does (5.0, 1e+16) or as
// JavaScript's JSON.stringify does (5, 1e+21).
type numberStyle int

const (
	serdeNumber numberStyle = iota
	jsNumber
)

// jsonWriter writes compact JSON as serde_json does: only ", \ and control characters
// escaped (\b \t \n \f \r, else \u00xx), invalid UTF-8 as U+FFFD.
type jsonWriter struct {
	buf   bytes.Buffer
	depth int
	// lenient writes null for a value that has no JSON rather than failing: a tool error is
	// always well-formed JSON.
	lenient bool
}

func (w *jsonWriter) raw(s string) { w.buf.WriteString(s) }

func (w *jsonWriter) str(s string) {
	const hex = "0123456789abcdef"
	w.buf.WriteByte('"')
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case r == '"':
			w.buf.WriteString(`\"`)
		case r == '\\':
			w.buf.WriteString(`\\`)
		case r == '\b':
			w.buf.WriteString(`\b`)
		case r == '\t':
			w.buf.WriteString(`\t`)
		case r == '\n':
			w.buf.WriteString(`\n`)
		case r == '\f':
			w.buf.WriteString(`\f`)
		case r == '\r':
			w.buf.WriteString(`\r`)
		case r < 0x20:
			w.buf.WriteString(`\u00`)
			w.buf.WriteByte(hex[r>>4])
			w.buf.WriteByte(hex[r&0xf])
		default:
			w.buf.WriteRune(r)
		}
	}
	w.buf.WriteByte('"')
}

// object writes m with the keys of first (those m has) first, in that order, then the others
// sorted.
func (w *jsonWriter) object(m map[string]any, first []string, style numberStyle) bool {
	keys := make([]string, 0, len(m))
	seen := make(map[string]bool, len(m))
	for _, k := range first {
		if _, ok := m[k]; ok && !seen[k] {
			keys = append(keys, k)
			seen[k] = true
		}
	}
	rest := make([]string, 0, len(m))
	for k := range m {
		if !seen[k] {
			rest = append(rest, k)
		}
	}
	sort.Strings(rest)
	keys = append(keys, rest...)
	w.buf.WriteByte('{')
	for i, k := range keys {
		if i > 0 {
			w.buf.WriteByte(',')
		}
		w.str(k)
		w.buf.WriteByte(':')
		if !w.value(m[k], style) {
			return false
		}
	}
	w.buf.WriteByte('}')
	return true
}

// value writes v: nil, bool, string, the integer and float types, json.Number (as it is),
// json.RawMessage (rewritten in this writer's style, its keys in their order), []any and
// map[string]any; anything else as encoding/json marshals it. False for what has no JSON
// (a NaN, a value encoding/json refuses, nesting beyond 512 levels).
func (w *jsonWriter) value(v any, style numberStyle) bool {
	start := w.buf.Len()
	if w.valueOrFail(v, style) {
		return true
	}
	if !w.lenient {
		return false
	}
	w.buf.Truncate(start)
	w.raw("null")
	return true
}

func (w *jsonWriter) valueOrFail(v any, style numberStyle) (ok bool) {
	w.depth++
	defer func() {
		w.depth--
		if recover() != nil {
			ok = false
		}
	}()
	if w.depth > 512 {
		return false
	}
	switch x := v.(type) {
	case nil:
		w.raw("null")
	case bool:
		w.raw(strconv.FormatBool(x))
	case string:
		w.str(x)
	case int:
		w.raw(strconv.FormatInt(int64(x), 10))
	case int8:
		w.raw(strconv.FormatInt(int64(x), 10))
	case int16:
		w.raw(strconv.FormatInt(int64(x), 10))
	case int32:
		w.raw(strconv.FormatInt(int64(x), 10))
	case int64:
		w.raw(strconv.FormatInt(x, 10))
	case uint:
		w.raw(strconv.FormatUint(uint64(x), 10))
	case uint8:
		w.raw(strconv.FormatUint(uint64(x), 10))
	case uint16:
		w.raw(strconv.FormatUint(uint64(x), 10))
	case uint32:
		w.raw(strconv.FormatUint(uint64(x), 10))
	case uint64:
		w.raw(strconv.FormatUint(x, 10))
	case float32:
		return w.float(float64(x), 32, style)
	case float64:
		return w.float(x, 64, style)
	case json.Number:
		if _, err := strconv.ParseFloat(string(x), 64); err != nil && !isNumberText(string(x)) {
			return false
		}
		w.raw(string(x))
	case json.RawMessage:
		return w.rawJSON(x, style)
	case []any:
		w.buf.WriteByte('[')
		for i, item := range x {
			if i > 0 {
				w.buf.WriteByte(',')
			}
			if !w.value(item, style) {
				return false
			}
		}
		w.buf.WriteByte(']')
	case map[string]any:
		return w.object(x, nil, style)
	default:
		b, err := json.Marshal(x)
		if err != nil {
			return false
		}
		return w.rawJSON(b, style)
	}
	return true
}

// isNumberText reports whether s is a JSON number (one ParseFloat finds out of range).
func isNumberText(s string) bool {
	var f json.Number
	return json.Unmarshal([]byte(s), &f) == nil && strings.TrimSpace(s) == s
}

// rawJSON writes the JSON text b again, compact, in this writer's style, keys in their order.
func (w *jsonWriter) rawJSON(b []byte, style numberStyle) bool {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	ok := w.token(dec, style)
	if _, err := dec.Token(); err != io.EOF {
		return false
	}
	return ok
}

func (w *jsonWriter) token(dec *json.Decoder, style numberStyle) bool {
	w.depth++
	defer func() { w.depth-- }()
	if w.depth > 512 {
		return false
	}
	t, err := dec.Token()
	if err != nil {
		return false
	}
	switch d := t.(type) {
	case json.Delim:
		closing := byte(']')
		if d == '{' {
			closing = '}'
		}
		w.buf.WriteByte(byte(d))
		for i := 0; dec.More(); i++ {
			if i > 0 {
				w.buf.WriteByte(',')
			}
			if d == '{' {
				k, err := dec.Token()
				key, isKey := k.(string)
				if err != nil || !isKey {
					return false
				}
				w.str(key)
				w.buf.WriteByte(':')
			}
			if !w.token(dec, style) {
				return false
			}
		}
		if end, err := dec.Token(); err != nil || end != json.Delim(closing) {
			return false
		}
		w.buf.WriteByte(closing)
		return true
	default:
		return w.value(t, style)
	}
}

// float writes f as serde_json or JavaScript writes it: the shortest digits that read back
// as f (as a float32 when bits is 32, as Rust's f32 is written); serde_json keeps ".0" on a whole number and uses the exponent form from 1e16 and
// below 1e-5 (1e+16, 1.5e-7), JavaScript from 1e21 and below 1e-6 (1e+21, 1.5e-7).
// JavaScript writes NaN and the infinities as null; serde_json has no text for them (false).
func (w *jsonWriter) float(f float64, bits int, style numberStyle) bool {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		if style == jsNumber {
			w.raw("null")
			return true
		}
		return false
	}
	if f == 0 {
		if style == serdeNumber && math.Signbit(f) {
			w.raw("-0.0")
		} else if style == serdeNumber {
			w.raw("0.0")
		} else {
			w.raw("0")
		}
		return true
	}
	if f < 0 {
		w.buf.WriteByte('-')
		f = -f
	}
	// f == 0.DIGITS * 10^point
	mantissa := strconv.FormatFloat(f, 'e', -1, bits)
	at := strings.IndexByte(mantissa, 'e')
	exp, _ := strconv.Atoi(mantissa[at+1:])
	digits := strings.Replace(mantissa[:at], ".", "", 1)
	point := exp + 1
	k := len(digits)
	fixedMax, fixedMin := 21, -5 // JavaScript: fixed for 1e-7 < f < 1e21
	if style == serdeNumber {
		fixedMax, fixedMin = 16, -4 // ryu: fixed for 1e-5 <= f < 1e16
	}
	switch {
	case k <= point && point <= fixedMax:
		w.raw(digits + strings.Repeat("0", point-k))
		if style == serdeNumber {
			w.raw(".0")
		}
	case 0 < point && point <= fixedMax:
		w.raw(digits[:point] + "." + digits[point:])
	case fixedMin <= point && point <= 0:
		w.raw("0." + strings.Repeat("0", -point) + digits)
	default:
		w.raw(digits[:1])
		if k > 1 {
			w.raw("." + digits[1:])
		}
		w.raw("e")
		if point > 0 {
			w.raw("+")
		}
		w.raw(strconv.Itoa(point - 1))
	}
	return true
}

// jsonText is v as JavaScript's JSON.stringify writes it (objects' keys sorted); false for a
// value it has no text for.
func jsonText(v any) (string, bool) {
	var w jsonWriter
	if !w.value(v, jsNumber) {
		return "", false
	}
	return w.buf.String(), true
}

var placeholder = regexp.MustCompile(`\{\{|\}\}|\{([^{}]*)\}`)

// render is the message of the catalog's template for data, as the TypeScript and Python
// modules render it: {{ and }} are braces; {NAME} and {NAME:SPEC}, where NAME is a field that
// is not skip and data has its key (for a details field, else details), are that value: a
// string as it is (its JSON string literal when SPEC has a ?), any other value its compact
// JSON text. Every other placeholder stays as it is.
func render(template string, fields []FieldInfo, data map[string]any, details *string) string {
	return placeholder.ReplaceAllStringFunc(template, func(token string) string {
		if token == "{{" || token == "}}" {
			return token[:1]
		}
		inner := token[1 : len(token)-1]
		name, spec := inner, ""
		if at := strings.IndexByte(inner, ':'); at >= 0 {
			name, spec = inner[:at], inner[at+1:]
		}
		for _, f := range fields {
			if f.Name != name || f.Role == "skip" {
				continue
			}
			var value any
			if v, ok := data[f.Key]; ok {
				value = v
			} else if f.Role == "details" && details != nil {
				value = *details
			} else {
				return token
			}
			if s, ok := value.(string); ok && !strings.Contains(spec, "?") {
				return s
			}
			if text, ok := jsonText(value); ok {
				return text
			}
			return token
		}
		return token
	})
}

// translation is one message of the catalog in another language: the lowercase BCP 47 tag,
// the symbol and the template.
type translation struct {
	locale, symbol, template string
}

// ---- begin generated: translations ----
// translations holds the catalog's messages in other languages (mcp-errors gen --locale):
// a lowercase BCP 47 tag, a symbol and its template.
var translations = []translation{
	{"fr", "E_NAV_TIMEOUT", "La navigation vers {url} a expiré"},
	{"fr", "E_SELECTOR", "Aucun élément ne correspond à {0:?}"},
	{"fr", "INVALID_PARAMS", "Paramètres invalides"},
	{"fr-ca", "E_NAV_TIMEOUT", "La navigation vers {url} a pris trop de temps"},
}

// ---- end generated: translations ----
// localeChain is locale and the tags it falls back to, as translation tags: lowercase, _ read
// as -, then each tag without its last subtag (fr-CA: fr-ca, fr).
func localeChain(locale string) []string {
	var chain []string
	tag := strings.ReplaceAll(strings.ToLower(locale), "_", "-")
	for tag != "" {
		chain = append(chain, tag)
		at := strings.LastIndexByte(tag, '-')
		if at < 0 {
			break
		}
		tag = tag[:at]
	}
	return chain
}

// placeholdersFilled is whether render fills every placeholder of template from data and
// details.
func placeholdersFilled(fields []FieldInfo, template string, data map[string]any, details *string) bool {
	for _, m := range placeholder.FindAllStringSubmatch(template, -1) {
		if m[0] == "{{" || m[0] == "}}" {
			continue
		}
		name := m[1]
		if at := strings.IndexByte(name, ':'); at >= 0 {
			name = name[:at]
		}
		found := false
		for _, f := range fields {
			if f.Name != name || f.Role == "skip" {
				continue
			}
			_, present := data[f.Key]
			found = present || (f.Role == "details" && details != nil)
			break
		}
		if !found {
			return false
		}
	}
	return true
}

// LocalizedMessage is the message of d in locale (a BCP 47 tag, any case, fr_CA as fr-CA): the
// translation of its symbol for locale or the first tag it falls back to (fr-CA, then fr),
// filled from the error's Data (and Details) as the original template is. The wire message, as
// it is, when the error's symbol is not the catalog's, no tag has a translation of it, or the
// data lacks a value one of its placeholders names. d itself is never changed.
func LocalizedMessage(d Decoded, locale string) string {
	info, ok := Lookup(d.Symbol)
	if !ok {
		return d.Message
	}
	for _, tag := range localeChain(locale) {
		for _, t := range translations {
			if t.locale != tag || t.symbol != string(d.Symbol) {
				continue
			}
			if !placeholdersFilled(info.Fields, t.template, d.Data, d.Details) {
				return d.Message
			}
			return render(t.template, info.Fields, d.Data, d.Details)
		}
	}
	return d.Message
}

// ---- begin generated: types ----
// ProtocolError is the errorType ProtocolError: INVALID_PARAMS.
type ProtocolError struct{ *errorBase }

// TimeoutError is the errorType TimeoutError: E_NAV_TIMEOUT.
type TimeoutError struct{ *errorBase }

// ValidationError is the errorType ValidationError: E_SELECTOR.
type ValidationError struct{ *errorBase }

// asType sets target to e as its errorType's type, when target points to one.
func (e *Error) asType(target any) bool {
	switch t := target.(type) {
	case *ProtocolError:
		if e.ErrorType == "ProtocolError" {
			*t = ProtocolError{e}
			return true
		}
	case *TimeoutError:
		if e.ErrorType == "TimeoutError" {
			*t = TimeoutError{e}
			return true
		}
	case *ValidationError:
		if e.ErrorType == "ValidationError" {
			*t = ValidationError{e}
			return true
		}
	}
	return false
}

// ---- end generated: types ----
// errorBase is Error under another name: each errorType's type embeds it, so that its Error
// method is promoted (a field named Error would hide it).
type errorBase = Error
