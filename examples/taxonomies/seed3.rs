//! The negative-code GitHub server (`docs/taxonomies.md`; the original is a GitHub MCP
//! server's "Phase 2 Plan 3: Error Handling"): its `MCPErrorCode` enum — JSON-RPC 2.0 codes,
//! MCP-specific codes, GitHub API codes and the protocol version mismatch — with the legacy
//! aliases and the `MCPErrorData` fields.
//!
//! Not an example on its own: `examples/seed3_github.rs`, `examples/tour.rs` and
//! `tests/golden_seed3.rs` include it with `#[path = ...] mod seed3;`.
//!
//! One enum, as in the original. It uses codes in JSON-RPC's reserved range (-32768..=-32000), so
//! it is a `protocol` enum; its "MCP-specific" codes -32000..=-32002 lie in the band MCP
//! 2026-07-28 calls legacy (no new codes there), and are marked `legacy`: existing codes,
//! kept on purpose because the original's clients match on them. Its symbols are the original's
//! member names; the original's three old member names (`VALIDATION_ERROR = -32602`,
//! `UNAUTHORIZED = -31003`, `RATE_LIMITED = -31001`) are `alias`es: they get their own
//! constants and decode to the same variant.
//!
//! Two things in the original disagree with other documents, and are kept as the original says:
//! its `-32002` is `PERMISSION_DENIED` (the MCP specification uses -32002 for "resource not
//! found", see [`mcp_errors::ProtocolError`]), and `PROTOCOL_VERSION_MISMATCH = -31100`,
//! listed under "Protocol Errors", lies inside the "GitHub API Errors (-31000 to -31999)"
//! range (`tests/ui/seeds/` shows `assert_disjoint!` rejecting the two as separate enums).

// Each includer uses a different part of this module.
#![allow(dead_code)]

use std::time::Duration;

use mcp_errors::{DecodeError, ErrorObject, McpError};
use serde::{Deserialize, Serialize};

/// `MCPErrorData.github`: what the GitHub API said.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GithubInfo {
    /// The HTTP status.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<u16>,
    /// GitHub's `message`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// GitHub's `documentation_url` (kept in snake case, as GitHub and the original spell it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub documentation_url: Option<String>,
}

/// `MCPErrorData.rateLimit`, from the `x-ratelimit-*` and `retry-after` headers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RateLimit {
    /// `x-ratelimit-limit`.
    pub limit: u32,
    /// `x-ratelimit-remaining`.
    pub remaining: u32,
    /// `x-ratelimit-reset`, epoch seconds.
    pub reset: u64,
    /// `retry-after`, seconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retry_after: Option<u64>,
}

/// One entry of `MCPErrorData.validation`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ValidationIssue {
    /// Where (`owner`, `body.title`).
    pub path: String,
    /// What is wrong.
    pub message: String,
    /// GitHub's error code (`missing_field`, `invalid`).
    pub code: String,
}

/// `MCPErrorData.resource`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResourceRef {
    /// The resource type (`issue`, `repository`).
    #[serde(rename = "type")]
    pub kind: String,
    /// Its id, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
}

/// `MCPErrorData.protocol`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProtocolVersions {
    /// What the client asked for.
    pub requested: String,
    /// What this server speaks.
    pub supported: Vec<String>,
}

/// `SUPPORTED_PROTOCOL_VERSIONS` of the original.
pub const SUPPORTED_PROTOCOL_VERSIONS: [&str; 1] = ["2024-11-05"];

/// The original's `MCPErrorCode`.
#[derive(Debug, McpError)]
#[mcp(domain = "github", protocol, decode, data_fields)]
pub enum GithubMcpError {
    // JSON-RPC 2.0 standard errors (-32700 to -32600).
    /// Invalid JSON
    #[mcp(code = -32700, kind = "protocol")]
    ParseError {
        /// The parser's message.
        #[mcp(details)]
        details: Option<String>,
    },
    /// Malformed JSON-RPC request
    #[mcp(code = -32600, kind = "protocol")]
    InvalidRequest {
        /// What is malformed.
        #[mcp(details)]
        details: Option<String>,
    },
    /// Unknown method or tool
    #[mcp(code = -32601, kind = "protocol")]
    MethodNotFound {
        /// `MCPErrorData.tool`.
        tool: Option<String>,
    },
    /// Parameter validation failed
    #[mcp(code = -32602, kind = "validation", alias = "VALIDATION_ERROR")]
    InvalidParams {
        /// `MCPErrorData.tool`.
        tool: Option<String>,
        /// `MCPErrorData.validation`.
        validation: Vec<ValidationIssue>,
    },
    /// Server-side error
    #[mcp(code = -32603)]
    InternalError {
        /// A terse description.
        #[mcp(details)]
        details: Option<String>,
    },

    // MCP-specific errors (-32000 to -32099).
    /// Tool execution failed
    #[mcp(code = -32000, legacy)]
    ToolExecutionFailed {
        /// `MCPErrorData.tool`.
        tool: String,
        /// What failed.
        #[mcp(details)]
        reason: String,
    },
    /// Resource not found
    #[mcp(code = -32001, kind = "not_found", legacy)]
    ResourceNotFound {
        /// `MCPErrorData.resource`.
        resource: ResourceRef,
    },
    /// Permission denied
    #[mcp(code = -32002, kind = "permission", legacy)]
    PermissionDenied {
        /// `MCPErrorData.tool`.
        tool: Option<String>,
    },

    // GitHub API errors (-31000 to -31999).
    /// GitHub API rate limit exceeded
    #[mcp(code = -31001, kind = "rate_limit", alias = "RATE_LIMITED")]
    GithubRateLimited {
        /// `MCPErrorData.rateLimit`.
        #[mcp(rename = "rateLimit")]
        rate_limit: RateLimit,
        /// `MCPErrorData.github`.
        github: GithubInfo,
        /// `rateLimit.retryAfter` again, as the error's `retry_after()`; not serialized (the
        /// value is already in `rateLimit`), but written as `data.retryAfterMs`, from which
        /// `from_error_object` restores it. See [`GithubMcpError::rate_limited`].
        #[mcp(retry_after, skip)]
        retry_after: Option<Duration>,
    },
    /// GitHub resource not found
    #[mcp(code = -31002, kind = "not_found")]
    GithubNotFound {
        /// `MCPErrorData.github`.
        github: GithubInfo,
    },
    /// GitHub authentication failed
    #[mcp(
        code = -31003,
        kind = "permission",
        alias = "UNAUTHORIZED",
        help = "Check GITHUB_TOKEN"
    )]
    GithubUnauthorized {
        /// `MCPErrorData.github`.
        github: GithubInfo,
    },
    /// GitHub denied access
    #[mcp(code = -31004, kind = "permission")]
    GithubForbidden {
        /// `MCPErrorData.github`.
        github: GithubInfo,
    },
    /// GitHub rejected the request
    #[mcp(code = -31005, kind = "validation")]
    GithubValidationError {
        /// `MCPErrorData.github`.
        github: GithubInfo,
        /// `MCPErrorData.validation`, from the 422 response's `errors`.
        validation: Vec<ValidationIssue>,
    },
    /// GitHub server error
    #[mcp(code = -31006, kind = "unavailable")]
    GithubServerError {
        /// `MCPErrorData.github`.
        github: GithubInfo,
    },

    // Protocol errors.
    /// Unsupported protocol version
    #[mcp(code = -31100, kind = "protocol")]
    ProtocolVersionMismatch {
        /// `MCPErrorData.protocol`.
        protocol: ProtocolVersions,
    },
}

impl GithubMcpError {
    /// `GITHUB_RATE_LIMITED` from the rate-limit headers; `retry_after()` is
    /// `rate_limit.retry_after`, so `data.retryAfterMs` and the retry policy follow
    /// GitHub's `retry-after`.
    pub fn rate_limited(rate_limit: RateLimit, github: GithubInfo) -> GithubMcpError {
        GithubMcpError::GithubRateLimited {
            retry_after: rate_limit.retry_after.map(Duration::from_secs),
            rate_limit,
            github,
        }
    }

    /// `PROTOCOL_VERSION_MISMATCH` for a client that asked for `requested`.
    pub fn version_mismatch(requested: &str) -> GithubMcpError {
        GithubMcpError::ProtocolVersionMismatch {
            protocol: ProtocolVersions {
                requested: requested.to_owned(),
                supported: SUPPORTED_PROTOCOL_VERSIONS.map(str::to_owned).to_vec(),
            },
        }
    }

    /// The client side: [`GithubMcpError::from_error_object`], which restores `retry_after()`
    /// from `data.retryAfterMs`. Envelopes without `retryAfterMs` (`plain_data` ones, or the
    /// original's own servers, which send only `MCPErrorData.rateLimit`) fall back to
    /// `rateLimit.retryAfter`. When both are present and stand for the same whole
    /// milliseconds, the seconds win: `retryAfterMs` saturates at `u64::MAX`, so a delay of
    /// more seconds than that would otherwise come back shorter than it was sent.
    pub fn decode(object: &ErrorObject) -> Result<GithubMcpError, DecodeError> {
        let mut err = GithubMcpError::from_error_object(object)?;
        if let GithubMcpError::GithubRateLimited {
            rate_limit,
            retry_after,
            ..
        } = &mut err
        {
            let from_secs = rate_limit.retry_after.map(Duration::from_secs);
            let whole_ms = |d: Duration| u64::try_from(d.as_millis()).unwrap_or(u64::MAX);
            if retry_after.is_none() || retry_after.map(whole_ms) == from_secs.map(whole_ms) {
                *retry_after = from_secs.or(*retry_after);
            }
        }
        Ok(err)
    }
}

/// A failed GitHub API response, as the original's `mapGitHubError` receives it from Octokit.
#[derive(Clone, Debug, Default)]
pub struct GithubResponse {
    /// The HTTP status.
    pub status: u16,
    /// GitHub's `message`.
    pub message: Option<String>,
    /// GitHub's `documentation_url`.
    pub documentation_url: Option<String>,
    /// The `x-ratelimit-*` and `retry-after` headers, when present.
    pub rate_limit: Option<RateLimit>,
    /// The `errors` of a 422 response.
    pub errors: Vec<ValidationIssue>,
}

/// The original's `mapGitHubError`: HTTP status (and rate-limit headers) to `MCPErrorCode`.
///
/// A 403 or 429 with the rate limit spent, or with a `retry-after` (secondary rate limit),
/// is `GITHUB_RATE_LIMITED`; 401, 403 and 404 have their own codes; 400 and 422 are
/// `GITHUB_VALIDATION_ERROR`; any other status is `GITHUB_SERVER_ERROR`.
pub fn map_github_error(response: GithubResponse) -> GithubMcpError {
    let github = GithubInfo {
        status: Some(response.status),
        message: response.message,
        documentation_url: response.documentation_url,
    };
    let throttled = response
        .rate_limit
        .as_ref()
        .is_some_and(|r| r.remaining == 0 || r.retry_after.is_some());
    match (response.status, response.rate_limit) {
        (403 | 429, Some(rate_limit)) if throttled => {
            GithubMcpError::rate_limited(rate_limit, github)
        }
        (401, _) => GithubMcpError::GithubUnauthorized { github },
        (403, _) => GithubMcpError::GithubForbidden { github },
        (404, _) => GithubMcpError::GithubNotFound { github },
        (400 | 422, _) => GithubMcpError::GithubValidationError {
            github,
            validation: response.errors,
        },
        _ => GithubMcpError::GithubServerError { github },
    }
}

/// A primary rate limit as GitHub reports it (403, `x-ratelimit-remaining: 0`), with a
/// `retry-after` of 60 seconds.
pub fn rate_limited_example() -> GithubMcpError {
    GithubMcpError::rate_limited(
        RateLimit {
            limit: 5000,
            remaining: 0,
            reset: 1_769_792_400,
            retry_after: Some(60),
        },
        GithubInfo {
            status: Some(403),
            message: Some("API rate limit exceeded for user ID 583231.".into()),
            documentation_url: Some(
                "https://docs.github.com/rest/overview/resources-in-the-rest-api#rate-limiting"
                    .into(),
            ),
        },
    )
}

/// One value of every variant, in declaration order.
pub fn samples() -> Vec<GithubMcpError> {
    let github = |status: u16, message: &str| GithubInfo {
        status: Some(status),
        message: Some(message.to_owned()),
        documentation_url: Some("https://docs.github.com/rest".to_owned()),
    };
    vec![
        GithubMcpError::ParseError {
            details: Some("expected value at line 1 column 1".into()),
        },
        GithubMcpError::InvalidRequest { details: None },
        GithubMcpError::MethodNotFound {
            tool: Some("merge_everything".into()),
        },
        GithubMcpError::InvalidParams {
            tool: Some("create_issue".into()),
            validation: vec![ValidationIssue {
                path: "owner".into(),
                message: "Required".into(),
                code: "invalid_type".into(),
            }],
        },
        GithubMcpError::InternalError { details: None },
        GithubMcpError::ToolExecutionFailed {
            tool: "list_workflows".into(),
            reason: "unexpected response shape".into(),
        },
        GithubMcpError::ResourceNotFound {
            resource: ResourceRef {
                kind: "issue".into(),
                id: Some("octo/repo#42".into()),
            },
        },
        GithubMcpError::PermissionDenied {
            tool: Some("delete_repository".into()),
        },
        rate_limited_example(),
        GithubMcpError::GithubNotFound {
            github: github(404, "Not Found"),
        },
        GithubMcpError::GithubUnauthorized {
            github: github(401, "Bad credentials"),
        },
        GithubMcpError::GithubForbidden {
            github: github(403, "Resource not accessible by integration"),
        },
        GithubMcpError::GithubValidationError {
            github: github(422, "Validation Failed"),
            validation: vec![ValidationIssue {
                path: "title".into(),
                message: "title wasn't supplied".into(),
                code: "missing_field".into(),
            }],
        },
        GithubMcpError::GithubServerError {
            github: github(502, "Server Error"),
        },
        GithubMcpError::version_mismatch("2025-01-01"),
    ]
}
