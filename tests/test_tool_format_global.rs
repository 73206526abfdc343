//! `ToolErrorFormat::set_global`: the format a server chooses once is what every tool error
//! of the process writes from then on, the rmcp conversions' included. Its own test binary,
//! with one test function: the setting is process-wide.

use mcp_errors::{McpError, McpErrorExt, ToolErrorFormat};
use serde_json::json;

#[derive(Debug, McpError)]
#[mcp(domain = "playwright", range = 2100..=2199, symbol_prefix = "E_PW_", data_fields)]
enum PlaywrightError {
    /// Navigation failed
    #[mcp(code = 2100, retryable, kind = "network", help = "check the URL")]
    Nav {
        url: String,
        #[mcp(details)]
        reason: String,
    },
}

fn nav() -> PlaywrightError {
    PlaywrightError::Nav {
        url: "https://a.invalid/".into(),
        reason: "dns".into(),
    }
}

#[test]
fn the_process_format_is_chosen_once() {
    assert_eq!(ToolErrorFormat::global(), ToolErrorFormat::MODEL);
    let model = nav().to_tool_result().to_json_value().unwrap();
    assert_eq!(
        model["content"][0]["text"],
        "E_PW_NAV: Navigation failed\nDetails: dns\nHelp: check the URL\nRetryable: yes"
    );
    assert_eq!(model["_meta"]["data"], json!({"url": "https://a.invalid/"}));

    let terse = ToolErrorFormat::MODEL
        .with_meta_data(false)
        .with_text_details(false);
    terse.set_global();
    assert_eq!(ToolErrorFormat::global(), terse);
    let wire = nav().to_tool_result().to_json_value().unwrap();
    assert_eq!(
        wire["content"][0]["text"],
        "E_PW_NAV: Navigation failed\nHelp: check the URL\nRetryable: yes"
    );
    assert_eq!(wire["_meta"].get("data"), None);
    assert_eq!(wire["_meta"]["details"], "dns");
    // A format given to the envelope wins over the process's.
    let seed = nav()
        .to_tool_result()
        .format(ToolErrorFormat::MINIMAL)
        .to_json_value()
        .unwrap();
    assert_eq!(seed["content"][0]["text"], "E_PW_NAV: Navigation failed");

    #[cfg(feature = "rmcp-3")]
    {
        use rmcp::handler::server::tool::IntoCallToolResult;
        let result = match Err::<String, _>(nav()).into_call_tool_result() {
            Ok(rmcp::model::CallToolResponse::Complete(result)) => result,
            other => panic!("expected a tool result, got {other:?}"),
        };
        let wire = serde_json::to_value(&result).unwrap();
        assert_eq!(
            wire["content"][0]["text"],
            "E_PW_NAV: Navigation failed\nHelp: check the URL\nRetryable: yes"
        );
        assert_eq!(wire["_meta"].get("data"), None);
    }

    ToolErrorFormat::MINIMAL.set_global();
    let seed = nav().to_tool_result().to_json_value().unwrap();
    assert_eq!(
        seed,
        json!({"content": [{"type": "text", "text": "E_PW_NAV: Navigation failed"}],
               "isError": true,
               "_meta": {"errorType": "NetworkError", "errorCode": "E_PW_NAV", "retryable": true,
                         "code": 2100, "domain": "playwright"}})
    );
}
