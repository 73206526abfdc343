//! The tasks extension (SEP-2663, `io.modelcontextprotocol/tasks`) of the conformance mode:
//! the fixture tools of the suite's `tasks-*` scenarios, run on rmcp's `TaskManager`.
//!
//! - `greet` is sync-only; `slow_compute`, `confirm_delete` and `multi_input` may become tasks
//!   (they do when the client declared the extension, else `slow_compute` runs synchronously
//!   and the others need the extension); `failing_job`, `protocol_error_job` and
//!   `test_tool_with_task` require it: a client that did not declare it gets -32021 with
//!   `data.requiredCapabilities` `{"extensions": {"io.modelcontextprotocol/tasks": {}}}`.
//! - `failing_job`'s failure is a tool error of [`TaskFixtureError`] (the task completes with
//!   `isError: true`); `protocol_error_job`'s is a JSON-RPC error (the task fails).

use std::time::Duration;

use mcp_errors::{McpError, ProtocolError};
use rmcp::RoleServer;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, CreateTaskResult, ErrorData,
    InputRequest,
};
use rmcp::service::RequestContext;
use rmcp::task_manager::{TaskContext, TaskExit, TaskManager, TaskOptions};
use serde_json::{Value, json};

use super::{accepted_string, ask_tool, elicit, from_json, text_result};

/// The extension's name, as capabilities and `requiredCapabilities` spell it.
const TASKS: &str = "io.modelcontextprotocol/tasks";
/// The longest `slow_compute` runs, in seconds (a client cannot park the server longer).
const MAX_SECONDS: f64 = 600.0;

/// Failures of the task fixtures' work: codes 3900–3909.
#[derive(Debug, McpError)]
#[mcp(domain = "conformance-tasks", range = 3900..=3909, symbol_prefix = "E_TASK_")]
pub enum TaskFixtureError {
    /// The job failed
    ///
    /// `failing_job` always fails, as a tool error: the task completes, with `isError`.
    #[mcp(code = 3900, kind = "business")]
    JobFailed {
        /// Which fixture failed.
        #[mcp(details)]
        job: &'static str,
    },
}

mcp_errors::assert_disjoint!(mcp_errors::CommonError, TaskFixtureError);

/// The task fixtures, as `tools/list` shows them.
pub fn tools() -> Vec<(&'static str, &'static str, Value)> {
    let none = super::no_arguments();
    vec![
        (
            "greet",
            "Greets by name, synchronously (never a task)",
            json!({"type": "object", "properties": {"name": {"type": "string"}},
                   "required": ["name"]}),
        ),
        (
            "slow_compute",
            "Sleeps `seconds` then answers; a task when the client supports tasks",
            json!({"type": "object", "properties": {
                "seconds": {"type": "number", "minimum": 0},
                "label": {"type": "string"}}}),
        ),
        (
            "failing_job",
            "A task that fails with a tool error after about 1 s",
            none.clone(),
        ),
        (
            "protocol_error_job",
            "A task that fails with a protocol error",
            none.clone(),
        ),
        (
            "confirm_delete",
            "A task that asks the user to confirm first",
            none.clone(),
        ),
        (
            "multi_input",
            "A task that asks two questions at once",
            none.clone(),
        ),
        (
            "test_tool_with_task",
            "Asks a name (input-required result), then finishes as a task",
            none,
        ),
    ]
}

/// Whether `name` is one of [`tools`].
pub fn is_task_tool(name: &str) -> bool {
    tools().iter().any(|(tool, ..)| *tool == name)
}

/// The -32021 of a tool that needs the tasks extension.
fn tasks_required() -> ErrorData {
    let mut required = serde_json::Map::new();
    required.insert("extensions".into(), json!({ TASKS: {} }));
    ProtocolError::MissingRequiredClientCapability {
        required_capabilities: required,
    }
    .into()
}

fn declared_tasks(context: &RequestContext<RoleServer>) -> bool {
    context
        .client_capabilities()
        .is_some_and(|caps| caps.supports_tasks())
}

/// A complete tool result carrying `text`.
fn text(text: impl Into<String>) -> Result<CallToolResult, TaskExit> {
    from_json(json!({"resultType": "complete",
                     "content": [{"type": "text", "text": text.into()}]}))
    .map_err(TaskExit::Error)
}

/// Asks `question` for `field` under `key` and waits for the answer (`tasks/update`).
async fn ask(
    task: &TaskContext,
    key: &str,
    question: &str,
    field: &str,
) -> Result<String, TaskExit> {
    let request: InputRequest =
        from_json(elicit(question, field, "string")).map_err(TaskExit::Error)?;
    let answer = task.request_input(key, request).await?;
    Ok(accepted_string(Some(&answer), field)
        .unwrap_or("(declined)")
        .to_owned())
}

/// Sleeps `seconds`, or stops as cancelled when `tasks/cancel` comes first.
async fn sleep_or_cancel(task: &TaskContext, seconds: f64) -> Result<(), TaskExit> {
    tokio::select! {
        () = tokio::time::sleep(Duration::from_secs_f64(seconds)) => Ok(()),
        () = task.cancelled() => Err(TaskExit::Cancelled),
    }
}

/// Calls the task fixture `request` names.
pub async fn call(
    manager: &TaskManager,
    request: &CallToolRequestParams,
    context: &RequestContext<RoleServer>,
) -> Result<CallToolResponse, ErrorData> {
    let args = request.arguments.clone().unwrap_or_default();
    let tasks = declared_tasks(context);
    let spawn = |make: Box<dyn FnOnce(TaskContext) -> rmcp::task_manager::TaskFuture>| {
        let task = manager.spawn(TaskOptions::new(), make);
        Ok(CallToolResponse::Task(CreateTaskResult::new(task)))
    };
    match request.name.as_ref() {
        "greet" => {
            let name = args.get("name").and_then(Value::as_str).unwrap_or("world");
            text_result(format!("Hello, {name}!"))
        }
        "slow_compute" => {
            let seconds = args
                .get("seconds")
                .and_then(Value::as_f64)
                .filter(|s| s.is_finite() && *s >= 0.0)
                .unwrap_or(0.0)
                .min(MAX_SECONDS);
            let label = args
                .get("label")
                .and_then(Value::as_str)
                .unwrap_or("slow_compute")
                .to_owned();
            if !tasks {
                tokio::time::sleep(Duration::from_secs_f64(seconds)).await;
                return text_result(format!("{label}: done after {seconds} s"));
            }
            spawn(Box::new(move |task| {
                Box::pin(async move {
                    sleep_or_cancel(&task, seconds).await?;
                    text(format!("{label}: done after {seconds} s"))
                })
            }))
        }
        _ if !tasks => Err(tasks_required()),
        "failing_job" => spawn(Box::new(|task| {
            Box::pin(async move {
                sleep_or_cancel(&task, 1.0).await?;
                let err = TaskFixtureError::JobFailed { job: "failing_job" };
                mcp_errors::integrations::emit_as(&err, mcp_errors::Channel::ToolError);
                Ok(mcp_errors::integrations::rmcp_3::tool_result(&err))
            })
        })),
        "protocol_error_job" => spawn(Box::new(|_task| {
            Box::pin(async move {
                Err(TaskExit::Error(
                    ProtocolError::InternalError {
                        details: Some("protocol_error_job always fails".into()),
                    }
                    .into(),
                ))
            })
        })),
        "confirm_delete" => spawn(Box::new(|task| {
            Box::pin(async move {
                let answer = ask(&task, "confirm", "Delete the item? Type yes", "answer").await?;
                text(format!("confirm_delete: {answer}"))
            })
        })),
        "multi_input" => spawn(Box::new(|task| {
            Box::pin(async move {
                let (first, second) = tokio::join!(
                    ask(&task, "first", "First question?", "answer"),
                    ask(&task, "second", "Second question?", "answer"),
                );
                text(format!("multi_input: {}, {}", first?, second?))
            })
        })),
        "test_tool_with_task" => {
            let responses = request.input_responses.clone().unwrap_or_default();
            match accepted_string(responses.get("user_name"), "name") {
                None => ask_tool(
                    &json!({"user_name": elicit("What is your name?", "name", "string")}),
                    None,
                ),
                Some(name) => {
                    let name = name.to_owned();
                    spawn(Box::new(move |_task| {
                        Box::pin(async move { text(format!("Hello, {name}! (from a task)")) })
                    }))
                }
            }
        }
        other => Err(super::method_not_found(other)),
    }
}
