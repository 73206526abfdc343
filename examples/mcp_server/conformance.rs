//! The conformance mode of the example: `mcp_server --http ADDR --conformance [ROOT]` adds
//! every fixture the official conformance suite (`@modelcontextprotocol/conformance`, run by
//! `.ci/conformance.sh`) calls, so each server scenario of the 2025-11-25 and 2026-07-28
//! requirement sets exercises something:
//!
//! - tools returning each content type, logging and progress during a call, sampling and
//!   elicitation through the client (2025-11-25 sessions), and their 2026-07-28 form as
//!   input-required results (SEP-2322), with a `requestState` sealed by a per-process key so a
//!   tampered one is refused;
//! - the diagnostic tools of `server-stateless` (`test_missing_capability` answers -32021 when
//!   the client did not declare `sampling`), the list-change triggers for
//!   `subscriptions/listen`, a tool whose argument is mirrored in an `Mcp-Param-Region` header
//!   (`x-mcp-header`, SEP-2243) and the JSON Schema 2020-12 tool;
//! - the fixture prompts, resources, resource template and completions; an unknown resource
//!   is `ProtocolError::resource_not_found`, -32602 with `data.uri` for a 2026-07-28 client
//!   and -32002 before (SEP-2164);
//! - the tasks extension (SEP-2663) and its fixtures, in [`tasks`].
//!
//! These are test fixtures, not examples of error handling: the example's own tools are in
//! `main.rs`. The fixtures' failures still go through the taxonomy (JSON-RPC errors from
//! [`ProtocolError`], counted like every other error).

// The 2025-11-25 fixtures use logging, sampling and resources/subscribe, which rmcp marks
// deprecated (SEP-2577 removes them from later revisions); the suite still tests them.
#![allow(deprecated)]

mod tasks;

use std::hash::{BuildHasher, Hasher, RandomState};
use std::sync::{Arc, LazyLock, Mutex, PoisonError};
use std::time::Duration;

use mcp_errors::ProtocolError;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CancelTaskParams, CompleteRequestParams,
    CompleteResult, CustomRequest, CustomResult, DiscoverResult, ErrorData, GetPromptRequestParams,
    GetPromptResponse, GetTaskParams, GetTaskResult, InputRequiredResult, InputResponses,
    ListPromptsResult, ListResourceTemplatesResult, ListResourcesResult, ListToolsResult,
    LoggingLevel, LoggingMessageNotificationParam, PaginatedRequestParams,
    ProgressNotificationParam, ReadResourceRequestParams, ReadResourceResponse, ServerConfig,
    SetLevelRequestParams, SubscribeRequestParams, SubscriptionFilter, Tool,
    UnsubscribeRequestParams, UpdateTaskParams,
};
use rmcp::service::{RequestContext, SubscriptionContext, SubscriptionSink};
use rmcp::{RoleServer, ServerHandler};
use serde_json::{Value, json};

/// A 1x1 red PNG.
const PNG: &str = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";
/// An empty 8 kHz mono WAV file.
const WAV: &str = "UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YQAAAAA=";
/// The most `resources/subscribe` subscriptions kept (the fixtures have few resources).
const MAX_SUBSCRIPTIONS: usize = 64;
/// The first revision without server-to-client requests or sessions (SEP-2575).
const STATELESS: &str = "2026-07-28";

/// `inner` with the conformance fixtures beside its tools.
#[derive(Clone)]
pub struct Conformance<S> {
    inner: S,
    state: Arc<State>,
}

/// What the fixtures share across requests.
#[derive(Default)]
struct State {
    /// The key that seals `requestState` (new random keys per process).
    key: RandomState,
    /// The open `subscriptions/listen` streams.
    listeners: Mutex<Vec<SubscriptionSink>>,
    /// The resources subscribed to with the 2025-11-25 `resources/subscribe`.
    subscribed: Mutex<Vec<String>>,
    /// The tasks of the tasks extension (SEP-2663).
    tasks: rmcp::task_manager::TaskManager,
}

impl<S> Conformance<S> {
    pub fn new(inner: S) -> Self {
        Self {
            inner,
            state: Arc::default(),
        }
    }

    /// `payload` with a tag only this process can compute: `SipHash` under the process's random
    /// key, enough for a test fixture. A real server seals state with a MAC (rmcp's
    /// `request-state` feature) or keeps it server-side.
    fn seal(&self, payload: &str) -> String {
        format!("{payload}.{:016x}", self.tag(payload))
    }

    /// The payload of a state [`seal`](Self::seal)ed by this process; `None` if it was altered.
    fn open<'a>(&self, state: &'a str) -> Option<&'a str> {
        let (payload, tag) = state.rsplit_once('.')?;
        (tag.len() == 16 && u64::from_str_radix(tag, 16).ok()? == self.tag(payload))
            .then_some(payload)
    }

    fn tag(&self, payload: &str) -> u64 {
        let mut hasher = self.state.key.build_hasher();
        hasher.write(payload.as_bytes());
        hasher.finish()
    }
}

/// Whether the request's negotiated revision is 2026-07-28 or later.
fn stateless(context: &RequestContext<RoleServer>) -> bool {
    context
        .protocol_version()
        .is_some_and(|version| version.as_str() >= STATELESS)
}

/// The negotiated revision, for `ProtocolError::resource_not_found`.
fn negotiated(context: &RequestContext<RoleServer>) -> String {
    context
        .protocol_version()
        .map_or_else(String::new, |version| version.as_str().to_owned())
}

/// A result type of rmcp from its JSON, as a complete result (`resultType: "complete"`, which
/// 2026-07-28 requires and rmcp removes for older peers).
fn complete<T: serde::de::DeserializeOwned>(mut value: Value) -> Result<T, ErrorData> {
    if let Some(object) = value.as_object_mut() {
        object.insert("resultType".into(), "complete".into());
    }
    from_json(value)
}

fn from_json<T: serde::de::DeserializeOwned>(value: Value) -> Result<T, ErrorData> {
    serde_json::from_value(value).map_err(|err| {
        ErrorData::from(ProtocolError::InternalError {
            details: Some(format!("fixture result does not fit its type: {err}")),
        })
    })
}

fn text_result(text: impl Into<String>) -> Result<CallToolResponse, ErrorData> {
    tool_result(&json!([{"type": "text", "text": text.into()}]))
}

fn tool_result(content: &Value) -> Result<CallToolResponse, ErrorData> {
    complete(json!({ "content": content })).map(CallToolResponse::Complete)
}

/// An input-required result asking `requests` (SEP-2322), with `state` if any.
fn input_required(
    requests: &Value,
    state: Option<String>,
) -> Result<InputRequiredResult, ErrorData> {
    let mut value = json!({"resultType": "input_required", "inputRequests": requests});
    if let Some(state) = state {
        value["requestState"] = state.into();
    }
    from_json(value)
}

fn ask_tool(requests: &Value, state: Option<String>) -> Result<CallToolResponse, ErrorData> {
    input_required(requests, state).map(CallToolResponse::InputRequired)
}

fn elicit(message: &str, property: &str, kind: &str) -> Value {
    json!({
        "method": "elicitation/create",
        "params": {
            "mode": "form",
            "message": message,
            "requestedSchema": {
                "type": "object",
                "properties": { property: { "type": kind } },
                "required": [property]
            }
        }
    })
}

fn sample(text: &str, max_tokens: u32) -> Value {
    json!({
        "method": "sampling/createMessage",
        "params": {
            "messages": [{"role": "user", "content": {"type": "text", "text": text}}],
            "maxTokens": max_tokens
        }
    })
}

fn list_roots() -> Value {
    json!({"method": "roots/list", "params": {}})
}

/// The accepted form's `field` (a string) of an elicitation response.
fn accepted_string<'a>(response: Option<&'a Value>, field: &str) -> Option<&'a str> {
    let response = response?;
    (response.get("action")? == "accept")
        .then(|| response.get("content")?.get(field)?.as_str())
        .flatten()
}

/// The text of a sampling response.
fn sampled_text(response: Option<&Value>) -> Option<&str> {
    response?.get("content")?.get("text")?.as_str()
}

/// The roots of a `roots/list` response.
fn roots(response: Option<&Value>) -> Option<&Vec<Value>> {
    response?.get("roots")?.as_array()
}

fn invalid_params(field: &str, details: &str) -> ErrorData {
    ProtocolError::InvalidParams {
        field: Some(field.to_owned()),
        details: Some(details.to_owned()),
        uri: None,
    }
    .into()
}

fn method_not_found(method: &str) -> ErrorData {
    ProtocolError::MethodNotFound {
        method: Some(method.to_owned()),
    }
    .into()
}

/// A tool without arguments.
fn no_arguments() -> Value {
    json!({"type": "object", "properties": {}})
}

/// The 2025-11-25 fixture tools: content, logging, progress, sampling, elicitation, schema.
fn content_tools() -> Vec<(&'static str, &'static str, Value)> {
    let none = no_arguments();
    let string_arg = |name: &str, description: &str| {
        json!({
            "type": "object",
            "properties": { name: {"type": "string", "description": description} },
            "required": [name]
        })
    };
    vec![
        ("test_simple_text", "Returns a text block", none.clone()),
        ("test_image_content", "Returns an image block", none.clone()),
        ("test_audio_content", "Returns an audio block", none.clone()),
        (
            "test_embedded_resource",
            "Returns an embedded resource",
            none.clone(),
        ),
        (
            "test_multiple_content_types",
            "Returns text, an image and a resource",
            none.clone(),
        ),
        (
            "test_tool_with_logging",
            "Logs three messages while it runs",
            none.clone(),
        ),
        (
            "test_tool_with_progress",
            "Reports progress while it runs",
            none.clone(),
        ),
        (
            "test_sampling",
            "Asks the client's model (sampling)",
            string_arg("prompt", "The prompt to send to the model"),
        ),
        (
            "test_elicitation",
            "Asks the user through the client (elicitation)",
            string_arg("message", "The message to show the user"),
        ),
        (
            "test_elicitation_sep1034_defaults",
            "Elicitation with defaults (SEP-1034)",
            none.clone(),
        ),
        (
            "test_elicitation_sep1330_enums",
            "Elicitation with enums (SEP-1330)",
            none.clone(),
        ),
        (
            "json_schema_2020_12_tool",
            "Tool with JSON Schema 2020-12 features",
            json!({
                "$schema": "https://json-schema.org/draft/2020-12/schema",
                "type": "object",
                "$defs": {"address": {"$anchor": "addressDef", "type": "object",
                    "properties": {"street": {"type": "string"}, "city": {"type": "string"}}}},
                "properties": {
                    "name": {"type": "string"},
                    "address": {"$ref": "#/$defs/address"},
                    "contactMethod": {"type": "string", "enum": ["phone", "email"]},
                    "phone": {"type": "string"},
                    "email": {"type": "string"}
                },
                "allOf": [{"anyOf": [{"required": ["phone"]}, {"required": ["email"]}]}],
                "if": {"properties": {"contactMethod": {"const": "phone"}},
                       "required": ["contactMethod"]},
                "then": {"required": ["phone"]},
                "else": {"required": ["email"]},
                "additionalProperties": false
            }),
        ),
    ]
}

/// The fixtures of the 2026-07-28 scenarios: the stateless diagnostics, list-change
/// triggers, the `x-mcp-header` tool and the input-required results (SEP-2322).
fn session_tools() -> Vec<(&'static str, &'static str, Value)> {
    let none = no_arguments();
    vec![
        (
            "test_missing_capability",
            "Needs the client's sampling capability; -32021 without it",
            none.clone(),
        ),
        (
            "test_streaming_elicitation",
            "Asks the user for input in the response (input-required result)",
            none.clone(),
        ),
        (
            "test_logging_tool",
            "Logs only when the request sets a log level",
            none.clone(),
        ),
        (
            "test_trigger_tool_change",
            "Announces a changed tool list",
            none.clone(),
        ),
        (
            "test_trigger_prompt_change",
            "Announces a changed prompt list",
            none.clone(),
        ),
        (
            "test_custom_headers",
            "Echoes an argument the client mirrors in the Mcp-Param-Region header",
            json!({
                "type": "object",
                "properties": {"region": {"type": "string", "x-mcp-header": "Region",
                    "description": "A region name"}},
                "required": ["region"]
            }),
        ),
        (
            "test_input_required_result_elicitation",
            "Asks a name (SEP-2322)",
            none.clone(),
        ),
        (
            "test_input_required_result_sampling",
            "Asks the model (SEP-2322)",
            none.clone(),
        ),
        (
            "test_input_required_result_list_roots",
            "Asks the roots (SEP-2322)",
            none.clone(),
        ),
        (
            "test_input_required_result_request_state",
            "Asks a confirmation, with request state (SEP-2322)",
            none.clone(),
        ),
        (
            "test_input_required_result_multiple_inputs",
            "Asks three inputs at once (SEP-2322)",
            none.clone(),
        ),
        (
            "test_input_required_result_multi_round",
            "Asks in two rounds (SEP-2322)",
            none.clone(),
        ),
        (
            "test_input_required_result_tampered_state",
            "Refuses a request state it did not seal (SEP-2322)",
            none.clone(),
        ),
        (
            "test_input_required_result_capabilities",
            "Asks only what the client declared (SEP-2322)",
            no_arguments(),
        ),
    ]
}

/// The fixture tools, as `tools/list` shows them (built once).
fn fixture_tools() -> &'static [Tool] {
    static TOOLS: LazyLock<Vec<Tool>> = LazyLock::new(|| {
        content_tools()
            .into_iter()
            .chain(session_tools())
            .chain(tasks::tools())
            .filter_map(|(name, description, schema)| {
                serde_json::from_value(json!({
                    "name": name,
                    "description": description,
                    "inputSchema": schema
                }))
                .ok()
            })
            .collect()
    });
    &TOOLS
}

fn is_fixture(name: &str) -> bool {
    fixture_tools().iter().any(|tool| tool.name == name)
}

impl<S: ServerHandler + Clone> Conformance<S> {
    /// Calls the fixture tool `request` names (one of [`fixture_tools`]).
    async fn call_fixture(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let name = request.name.as_ref();
        if tasks::is_task_tool(name) {
            tasks::call(&self.state.tasks, &request, &context).await
        } else if content_tools().iter().any(|(tool, ..)| *tool == name) {
            self.content_fixture(&request, &context).await
        } else if name.starts_with("test_input_required_result_") {
            self.input_required_fixture(&request, &context)
        } else {
            self.session_fixture(&request, &context).await
        }
    }

    /// The 2025-11-25 fixtures ([`content_tools`]).
    async fn content_fixture(
        &self,
        request: &CallToolRequestParams,
        context: &RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let args = request.arguments.clone().unwrap_or_default();
        let arg = |name: &str| args.get(name).and_then(Value::as_str).map(str::to_owned);
        match request.name.as_ref() {
            "test_simple_text" => text_result("This is a simple text response for testing."),
            "test_image_content" => {
                tool_result(&json!([{"type": "image", "data": PNG, "mimeType": "image/png"}]))
            }
            "test_audio_content" => {
                tool_result(&json!([{"type": "audio", "data": WAV, "mimeType": "audio/wav"}]))
            }
            "test_embedded_resource" => tool_result(&json!([{
                "type": "resource",
                "resource": {"uri": "test://embedded-resource", "mimeType": "text/plain",
                             "text": "This is an embedded resource content."}
            }])),
            "test_multiple_content_types" => tool_result(&json!([
                {"type": "text", "text": "Multiple content types test:"},
                {"type": "image", "data": PNG, "mimeType": "image/png"},
                {"type": "resource", "resource": {"uri": "test://mixed-content-resource",
                    "mimeType": "application/json", "text": "{\"test\":\"data\",\"value\":123}"}}
            ])),
            "test_tool_with_logging" => {
                for (i, message) in [
                    "Tool execution started",
                    "Tool processing data",
                    "Tool execution completed",
                ]
                .into_iter()
                .enumerate()
                {
                    if i > 0 {
                        tokio::time::sleep(Duration::from_millis(50)).await;
                    }
                    log(context, message).await;
                }
                text_result("Tool with logging executed successfully")
            }
            "test_tool_with_progress" => {
                let token = context.meta.get_progress_token();
                for (i, progress) in [0.0, 50.0, 100.0].into_iter().enumerate() {
                    if i > 0 {
                        tokio::time::sleep(Duration::from_millis(50)).await;
                    }
                    if let Some(token) = &token {
                        let param: ProgressNotificationParam = from_json(json!({
                            "progressToken": token, "progress": progress, "total": 100.0
                        }))?;
                        let _ = context.peer.notify_progress(param).await;
                    }
                }
                text_result("Tool with progress executed successfully")
            }
            "test_sampling" => {
                let prompt = arg("prompt").unwrap_or_default();
                self.sampling(context, &prompt).await
            }
            "test_elicitation" => {
                let message = arg("message").unwrap_or_default();
                let schema = json!({
                    "type": "object",
                    "properties": {
                        "username": {"type": "string", "description": "User's response"},
                        "email": {"type": "string", "description": "User's email address"}
                    },
                    "required": ["username", "email"]
                });
                elicitation(context, &message, schema, "User response").await
            }
            "test_elicitation_sep1034_defaults" => {
                let schema = sep1034_schema();
                elicitation(
                    context,
                    "Please review your profile",
                    schema,
                    "Elicitation completed",
                )
                .await
            }
            "test_elicitation_sep1330_enums" => {
                let schema = sep1330_schema();
                elicitation(
                    context,
                    "Please pick your options",
                    schema,
                    "Elicitation completed",
                )
                .await
            }
            "json_schema_2020_12_tool" => text_result("JSON Schema 2020-12 tool called"),
            other => Err(method_not_found(other)),
        }
    }

    /// The stateless diagnostics, list-change triggers and the `x-mcp-header` tool.
    async fn session_fixture(
        &self,
        request: &CallToolRequestParams,
        context: &RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let args = request.arguments.clone().unwrap_or_default();
        let arg = |name: &str| args.get(name).and_then(Value::as_str).map(str::to_owned);
        let responses = request.input_responses.clone().unwrap_or_default();
        match request.name.as_ref() {
            "test_missing_capability" => {
                let declared = context
                    .client_capabilities()
                    .is_some_and(|caps| caps.sampling.is_some());
                if declared {
                    text_result("The client declared sampling")
                } else {
                    let mut required = serde_json::Map::new();
                    required.insert("sampling".into(), json!({}));
                    Err(ProtocolError::MissingRequiredClientCapability {
                        required_capabilities: required,
                    }
                    .into())
                }
            }
            "test_streaming_elicitation" => {
                if let Some(name) = accepted_string(responses.get("user_name"), "name") {
                    text_result(format!("Hello, {name}!"))
                } else if stateless(context) {
                    ask_tool(
                        &json!({"user_name": elicit("What is your name?", "name", "string")}),
                        None,
                    )
                } else {
                    text_result("Input-required results need protocol 2026-07-28")
                }
            }
            "test_logging_tool" => {
                if context.meta.log_level().is_some() {
                    log(context, "test_logging_tool ran").await;
                }
                text_result("test_logging_tool ran")
            }
            "test_trigger_tool_change" => {
                self.announce(|sink| async move { sink.notify_tool_list_changed().await })
                    .await;
                text_result("The tool list changed")
            }
            "test_trigger_prompt_change" => {
                self.announce(|sink| async move { sink.notify_prompt_list_changed().await })
                    .await;
                text_result("The prompt list changed")
            }
            "test_custom_headers" => {
                text_result(format!("Region: {}", arg("region").unwrap_or_default()))
            }
            other => Err(method_not_found(other)),
        }
    }

    /// The input-required results (SEP-2322): each asks until the client's `inputResponses`
    /// answer it, then completes.
    fn input_required_fixture(
        &self,
        request: &CallToolRequestParams,
        context: &RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let responses = request.input_responses.clone().unwrap_or_default();
        let state = request.request_state.as_deref();
        match request.name.as_ref() {
            "test_input_required_result_elicitation" => {
                match accepted_string(responses.get("user_name"), "name") {
                    Some(name) => text_result(format!("Hello, {name}!")),
                    None => ask_tool(
                        &json!({"user_name": elicit("What is your name?", "name", "string")}),
                        None,
                    ),
                }
            }
            "test_input_required_result_sampling" => {
                match sampled_text(responses.get("capital_question")) {
                    Some(text) => text_result(format!("The model answered: {text}")),
                    None => ask_tool(
                        &json!({"capital_question": sample("What is the capital of France?", 100)}),
                        None,
                    ),
                }
            }
            "test_input_required_result_list_roots" => match roots(responses.get("client_roots")) {
                Some(roots) => {
                    let uris: Vec<&str> = roots
                        .iter()
                        .filter_map(|root| root.get("uri").and_then(Value::as_str))
                        .collect();
                    text_result(format!("Client roots: {}", uris.join(", ")))
                }
                None => ask_tool(&json!({"client_roots": list_roots()}), None),
            },
            "test_input_required_result_request_state" => {
                let confirmed = responses
                    .get("confirm")
                    .is_some_and(|r| r.get("action").is_some_and(|a| a == "accept"));
                match state {
                    Some(sealed) if confirmed => match self.open(sealed) {
                        Some("confirm") => {
                            text_result("state-ok: the request state came back intact")
                        }
                        _ => Err(tampered()),
                    },
                    _ => ask_tool(
                        &json!({"confirm": elicit("Please confirm", "ok", "boolean")}),
                        Some(self.seal("confirm")),
                    ),
                }
            }
            "test_input_required_result_multiple_inputs" => {
                let name = accepted_string(responses.get("user_name"), "name");
                let greeting = sampled_text(responses.get("greeting"));
                let roots = roots(responses.get("client_roots"));
                match (state.map(|s| self.open(s)), name, greeting, roots) {
                    (Some(Some("multiple")), Some(name), Some(greeting), Some(roots)) => {
                        text_result(format!("{greeting} {name}; {} root(s)", roots.len()))
                    }
                    (Some(None), ..) => Err(tampered()),
                    _ => ask_tool(
                        &json!({
                            "user_name": elicit("What is your name?", "name", "string"),
                            "greeting": sample("Generate a greeting", 50),
                            "client_roots": list_roots()
                        }),
                        Some(self.seal("multiple")),
                    ),
                }
            }
            "test_input_required_result_multi_round" => self.multi_round(&responses, state),
            "test_input_required_result_tampered_state" => match state {
                None => ask_tool(
                    &json!({"confirm": elicit("Please confirm", "ok", "boolean")}),
                    Some(self.seal("untampered")),
                ),
                Some(sealed) => match self.open(sealed) {
                    Some("untampered") => text_result("The request state is intact"),
                    _ => Err(tampered()),
                },
            },
            "test_input_required_result_capabilities" => capabilities_fixture(context, &responses),
            other => Err(method_not_found(other)),
        }
    }

    /// `test_input_required_result_multi_round`: a name, then a color, then the result; each
    /// round's state sealed.
    fn multi_round(
        &self,
        responses: &InputResponses,
        state: Option<&str>,
    ) -> Result<CallToolResponse, ErrorData> {
        let round_one = || {
            ask_tool(
                &json!({"step1": elicit("Step 1: What is your name?", "name", "string")}),
                Some(self.seal("round-1")),
            )
        };
        let Some(sealed) = state else {
            return round_one();
        };
        let Some(payload) = self.open(sealed) else {
            return Err(tampered());
        };
        if payload == "round-1" {
            match accepted_string(responses.get("step1"), "name") {
                Some(name) => ask_tool(
                    &json!({"step2": elicit(
                        "Step 2: What is your favorite color?", "color", "string")}),
                    Some(self.seal(&format!("round-2:{name}"))),
                ),
                None => round_one(),
            }
        } else if let Some(name) = payload.strip_prefix("round-2:") {
            match accepted_string(responses.get("step2"), "color") {
                Some(color) => text_result(format!("{name} likes {color}")),
                None => ask_tool(
                    &json!({"step2": elicit(
                        "Step 2: What is your favorite color?", "color", "string")}),
                    Some(sealed.to_owned()),
                ),
            }
        } else {
            Err(tampered())
        }
    }

    /// `test_sampling`: asks the client's model through a server-to-client request (2025-11-25).
    async fn sampling(
        &self,
        context: &RequestContext<RoleServer>,
        prompt: &str,
    ) -> Result<CallToolResponse, ErrorData> {
        let declared = context
            .client_capabilities()
            .is_some_and(|caps| caps.sampling.is_some());
        if !declared {
            let mut required = serde_json::Map::new();
            required.insert("sampling".into(), json!({}));
            return Err(ProtocolError::MissingRequiredClientCapability {
                required_capabilities: required,
            }
            .into());
        }
        let params = from_json(json!({
            "messages": [{"role": "user", "content": {"type": "text", "text": prompt}}],
            "maxTokens": 100
        }))?;
        let answer = context.peer.create_message(params).await.map_err(|err| {
            ErrorData::from(ProtocolError::InternalError {
                details: Some(format!("sampling failed: {err}")),
            })
        })?;
        let answer = serde_json::to_value(answer).unwrap_or_default();
        let text = answer
            .get("content")
            .and_then(|content| content.get("text"))
            .and_then(Value::as_str)
            .unwrap_or_default();
        text_result(format!("LLM response: {text}"))
    }

    /// Sends a list-changed notification to every open `subscriptions/listen` stream whose
    /// filter takes it; forgets the streams that ended.
    async fn announce<F, Fut>(&self, send: F)
    where
        F: Fn(SubscriptionSink) -> Fut,
        Fut: Future<Output = Result<(), rmcp::service::SubscriptionSendError>>,
    {
        let sinks = self
            .state
            .listeners
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone();
        let mut closed = Vec::new();
        for sink in sinks {
            if let Err(rmcp::service::SubscriptionSendError::SubscriptionClosed) =
                send(sink.clone()).await
            {
                closed.push(sink.id().clone());
            }
        }
        self.state
            .listeners
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .retain(|sink| !closed.contains(sink.id()));
    }
}

/// The form of `test_elicitation_sep1034_defaults`: a default for every primitive type.
fn sep1034_schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "name": {"type": "string", "default": "John Doe"},
            "age": {"type": "integer", "default": 30},
            "score": {"type": "number", "default": 95.5},
            "status": {"type": "string", "enum": ["active", "inactive", "pending"],
                       "default": "active"},
            "verified": {"type": "boolean", "default": true}
        }
    })
}

/// The form of `test_elicitation_sep1330_enums`: the five enum forms of SEP-1330.
fn sep1330_schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "untitledSingle": {"type": "string",
                "enum": ["option1", "option2", "option3"]},
            "titledSingle": {"type": "string", "oneOf": [
                {"const": "value1", "title": "First Option"},
                {"const": "value2", "title": "Second Option"},
                {"const": "value3", "title": "Third Option"}]},
            "legacyEnum": {"type": "string", "enum": ["opt1", "opt2", "opt3"],
                "enumNames": ["Option One", "Option Two", "Option Three"]},
            "untitledMulti": {"type": "array", "items": {"type": "string",
                "enum": ["option1", "option2", "option3"]}},
            "titledMulti": {"type": "array", "items": {"anyOf": [
                {"const": "value1", "title": "First Choice"},
                {"const": "value2", "title": "Second Choice"},
                {"const": "value3", "title": "Third Choice"}]}}
        }
    })
}

/// `test_input_required_result_capabilities`: asks only for what the client declared.
fn capabilities_fixture(
    context: &RequestContext<RoleServer>,
    responses: &InputResponses,
) -> Result<CallToolResponse, ErrorData> {
    let caps = context.client_capabilities().unwrap_or_default();
    let mut requests = serde_json::Map::new();
    if caps.elicitation.is_some() {
        requests.insert(
            "user_name".into(),
            elicit("What is your name?", "name", "string"),
        );
    }
    if caps.sampling.is_some() {
        requests.insert("greeting".into(), sample("Generate a greeting", 50));
    }
    if caps.roots.is_some() {
        requests.insert("client_roots".into(), list_roots());
    }
    if requests.is_empty() || requests.keys().all(|k| responses.contains_key(k)) {
        text_result("Asked only for what the client declared")
    } else {
        ask_tool(&Value::Object(requests), None)
    }
}

/// The JSON-RPC error for a `requestState` this process did not seal.
fn tampered() -> ErrorData {
    invalid_params(
        "requestState",
        "the request state failed its integrity check",
    )
}

/// One `notifications/message` at info level (2025-11-25 logging).
async fn log(context: &RequestContext<RoleServer>, message: &str) {
    let param = LoggingMessageNotificationParam::new(LoggingLevel::Info, message.into());
    let _ = context.peer.notify_logging_message(param).await;
}

/// Asks the user through the client (`elicitation/create`, 2025-11-25) and reports the answer.
async fn elicitation(
    context: &RequestContext<RoleServer>,
    message: &str,
    schema: Value,
    label: &str,
) -> Result<CallToolResponse, ErrorData> {
    let declared = context
        .client_capabilities()
        .is_some_and(|caps| caps.elicitation.is_some());
    if !declared {
        let mut required = serde_json::Map::new();
        required.insert("elicitation".into(), json!({}));
        return Err(ProtocolError::MissingRequiredClientCapability {
            required_capabilities: required,
        }
        .into());
    }
    let params = from_json(json!({"mode": "form", "message": message, "requestedSchema": schema}))?;
    let answer = context
        .peer
        .create_elicitation(params)
        .await
        .map_err(|err| {
            ErrorData::from(ProtocolError::InternalError {
                details: Some(format!("elicitation failed: {err}")),
            })
        })?;
    let answer = serde_json::to_value(answer).unwrap_or_default();
    let action = answer
        .get("action")
        .and_then(Value::as_str)
        .unwrap_or("cancel");
    let answered = answer.get("content").cloned().unwrap_or(Value::Null);
    text_result(format!("{label}: action={action}, content={answered}"))
}

/// Resolves a fixture resource URI to its contents.
fn read_fixture(uri: &str) -> Option<Value> {
    let text = |mime: &str, text: &str| json!({"uri": uri, "mimeType": mime, "text": text});
    match uri {
        "test://static-text" => Some(text(
            "text/plain",
            "This is the content of the static text resource.",
        )),
        "test://static-binary" => Some(json!({"uri": uri, "mimeType": "image/png", "blob": PNG})),
        "test://watched-resource" => Some(text("text/plain", "Watched resource content")),
        _ => {
            let id = uri
                .strip_prefix("test://template/")?
                .strip_suffix("/data")?;
            if id.is_empty() || id.contains('/') {
                return None;
            }
            let data =
                json!({"id": id, "templateTest": true, "data": format!("Data for ID: {id}")});
            Some(text("application/json", &data.to_string()))
        }
    }
}

impl<S: ServerHandler + Clone> ServerHandler for Conformance<S> {
    fn get_info(&self) -> ServerConfig {
        let mut info = self.inner.get_info();
        let capabilities = json!({
            "tools": {"listChanged": true},
            "prompts": {"listChanged": true},
            "resources": {"subscribe": true, "listChanged": true},
            "completions": {},
            "logging": {},
            "extensions": {"io.modelcontextprotocol/tasks": {}}
        });
        if let Ok(capabilities) = serde_json::from_value(capabilities) {
            info.capabilities = capabilities;
        }
        info
    }

    async fn discover(
        &self,
        context: RequestContext<RoleServer>,
    ) -> Result<DiscoverResult, ErrorData> {
        let _ = context;
        let mut result = DiscoverResult::from_server_info(
            self.supported_protocol_versions().into_owned(),
            self.get_info(),
        );
        // SEP-2575 (spec PR #3002): the server names itself in the result's `_meta`.
        let info = self.get_info().server_info;
        let mut meta = result.meta.take().unwrap_or_default();
        meta.insert(
            "io.modelcontextprotocol/serverInfo".into(),
            json!({"name": info.name, "version": info.version}),
        );
        result.meta = Some(meta);
        Ok(result)
    }

    async fn list_tools(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let mut list = self.inner.list_tools(request, context).await?;
        list.tools.extend(fixture_tools().iter().cloned());
        Ok(list)
    }

    fn get_tool(&self, name: &str) -> Option<Tool> {
        fixture_tools()
            .iter()
            .find(|tool| tool.name == name)
            .cloned()
            .or_else(|| self.inner.get_tool(name))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        if is_fixture(&request.name) {
            self.call_fixture(request, context).await
        } else {
            self.inner.call_tool(request, context).await
        }
    }

    async fn list_prompts(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListPromptsResult, ErrorData> {
        complete(json!({"prompts": [
            {"name": "test_simple_prompt", "description": "A prompt without arguments"},
            {"name": "test_prompt_with_arguments", "description": "A prompt with two arguments",
             "arguments": [
                {"name": "arg1", "description": "First test argument", "required": true},
                {"name": "arg2", "description": "Second test argument", "required": true}]},
            {"name": "test_prompt_with_embedded_resource",
             "description": "A prompt embedding a resource",
             "arguments": [{"name": "resourceUri", "description": "URI of the resource to embed",
                            "required": true}]},
            {"name": "test_prompt_with_image", "description": "A prompt with an image"},
            {"name": "test_input_required_result_prompt",
             "description": "A prompt that asks the user for context first (SEP-2322)"}
        ]}))
    }

    async fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, ErrorData> {
        let args = request.arguments.clone().unwrap_or_default();
        let arg = |name: &str| args.get(name).and_then(Value::as_str).unwrap_or_default();
        let user = |content: Value| json!({"role": "user", "content": content});
        let text = |text: &str| json!({"type": "text", "text": text});
        let messages = match request.name.as_str() {
            "test_simple_prompt" => vec![user(text("This is a simple prompt for testing."))],
            "test_prompt_with_arguments" => vec![user(text(&format!(
                "Prompt with arguments: arg1='{}', arg2='{}'",
                arg("arg1"),
                arg("arg2")
            )))],
            "test_prompt_with_embedded_resource" => vec![
                user(
                    json!({"type": "resource", "resource": {"uri": arg("resourceUri"),
                    "mimeType": "text/plain", "text": "Embedded resource content for testing."}}),
                ),
                user(text("Please process the embedded resource above.")),
            ],
            "test_prompt_with_image" => vec![
                user(json!({"type": "image", "data": PNG, "mimeType": "image/png"})),
                user(text("Please analyze the image above.")),
            ],
            "test_input_required_result_prompt" => {
                let responses = request.input_responses.unwrap_or_default();
                match accepted_string(responses.get("user_context"), "context") {
                    Some(given) => vec![user(text(&format!("Use this context: {given}")))],
                    None if stateless(&context) => {
                        let ask =
                            elicit("What context should the prompt use?", "context", "string");
                        return input_required(&json!({"user_context": ask}), None)
                            .map(GetPromptResponse::InputRequired);
                    }
                    None => vec![user(text("No context was given"))],
                }
            }
            other => {
                return Err(invalid_params(
                    "name",
                    &format!("no prompt is named {other:?}"),
                ));
            }
        };
        complete(json!({ "messages": messages })).map(GetPromptResponse::Complete)
    }

    async fn complete(
        &self,
        request: CompleteRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<CompleteResult, ErrorData> {
        let request = serde_json::to_value(&request).unwrap_or_default();
        let prefix = request
            .pointer("/argument/value")
            .and_then(Value::as_str)
            .unwrap_or_default();
        let values: Vec<&str> = ["paris", "park", "party"]
            .into_iter()
            .filter(|value| value.starts_with(prefix))
            .collect();
        complete(json!({"completion": {"values": values, "total": values.len(), "hasMore": false}}))
    }

    async fn set_level(
        &self,
        _request: SetLevelRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        // 2026-07-28 removed `logging/setLevel` (a request carries its own log level).
        if stateless(&context) {
            Err(method_not_found("logging/setLevel"))
        } else {
            Ok(())
        }
    }

    async fn list_resources(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        complete(json!({"resources": [
            {"uri": "test://static-text", "name": "static-text",
             "description": "A static text resource", "mimeType": "text/plain"},
            {"uri": "test://static-binary", "name": "static-binary",
             "description": "A static binary resource (a PNG image)", "mimeType": "image/png"},
            {"uri": "test://watched-resource", "name": "watched-resource",
             "description": "A resource to subscribe to", "mimeType": "text/plain"}
        ]}))
    }

    async fn list_resource_templates(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourceTemplatesResult, ErrorData> {
        complete(json!({"resourceTemplates": [
            {"uriTemplate": "test://template/{id}/data", "name": "template-data",
             "description": "Data for an ID", "mimeType": "application/json"}
        ]}))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        match read_fixture(&request.uri) {
            Some(contents) => {
                complete(json!({ "contents": [contents] })).map(ReadResourceResponse::Complete)
            }
            // -32602 with data.uri for a 2026-07-28 client, -32002 for an earlier one.
            None => {
                Err(ProtocolError::resource_not_found(request.uri, &negotiated(&context)).into())
            }
        }
    }
    async fn subscribe(
        &self,
        request: SubscribeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        if stateless(&context) {
            return Err(method_not_found("resources/subscribe"));
        }
        // Only resources that exist, each once, and never more than a few: a client cannot
        // grow this list without bound.
        if read_fixture(&request.uri).is_none() {
            return Err(
                ProtocolError::resource_not_found(request.uri, &negotiated(&context)).into(),
            );
        }
        let mut subscribed = self
            .state
            .subscribed
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if !subscribed.contains(&request.uri) && subscribed.len() < MAX_SUBSCRIPTIONS {
            subscribed.push(request.uri);
        }
        Ok(())
    }
    async fn unsubscribe(
        &self,
        request: UnsubscribeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        if stateless(&context) {
            return Err(method_not_found("resources/unsubscribe"));
        }
        self.state
            .subscribed
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .retain(|uri| *uri != request.uri);
        Ok(())
    }

    fn accepted_subscription_filter(
        &self,
        requested: &SubscriptionFilter,
    ) -> Option<SubscriptionFilter> {
        Some(requested.clone())
    }

    async fn listen(&self, context: SubscriptionContext) -> Result<(), ErrorData> {
        let id = context.sink().id().clone();
        self.state
            .listeners
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(context.sink().clone());
        context.cancelled().await;
        self.state
            .listeners
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .retain(|sink| *sink.id() != id);
        Ok(())
    }

    async fn get_task(
        &self,
        request: GetTaskParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<GetTaskResult, ErrorData> {
        self.state
            .tasks
            .get_task(&request.task_id)
            .map(GetTaskResult::new)
    }

    async fn update_task(
        &self,
        request: UpdateTaskParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.state
            .tasks
            .update_task(&request.task_id, request.input_responses)
    }

    async fn cancel_task(
        &self,
        request: CancelTaskParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.state.tasks.cancel_task(&request.task_id)
    }

    async fn on_custom_request(
        &self,
        request: CustomRequest,
        context: RequestContext<RoleServer>,
    ) -> Result<CustomResult, ErrorData> {
        self.inner.on_custom_request(request, context).await
    }
}
