//! The catalog's discovery on each rmcp line (`discovery_glue!`, expanded by `rmcp_0` ..
//! `rmcp_3`): helpers a `ServerHandler` calls from its own `get_info`, `list_resources` and
//! `read_resource`, and one that adds the tools' error symbols to a `ToolRouter`, so the
//! catalog resource sits beside the server's own resources and tools. The line's types are
//! built from their JSON (the wire shape is the same on every line; the builders are not).

/// The discovery helpers of one rmcp line, against that line's crate name `$r`, and the
/// one-call wrapper's type (its rmcp trait impl is the line's: `discovery_service_glue!` on
/// 0.x to 2.x, a `ServerHandler` in `rmcp_3`).
macro_rules! discovery_glue {
    ($r:ident) => {
        /// Declares the `resources` capability on `info` (unless it is declared already),
        /// which the catalog resource needs: call it on what your `get_info` returns.
        /// (`InitializeResult` is `ServerInfo`, named `ServerConfig` from 3.9.)
        pub fn catalog_capability(
            mut info: $r::model::InitializeResult,
        ) -> $r::model::InitializeResult {
            info.capabilities
                .resources
                .get_or_insert_with(Default::default);
            info
        }

        /// `result` (your `list_resources`' answer, or `ListResourcesResult::default()`) with
        /// the catalog resource ([`CATALOG_URI`](crate::discovery::CATALOG_URI),
        /// `application/json`) appended, on the last page (no `nextCursor`).
        pub fn list_resources_with_catalog(
            discovery: &crate::discovery::ErrorDiscovery,
            result: $r::model::ListResourcesResult,
        ) -> $r::model::ListResourcesResult {
            if result.next_cursor.is_some() {
                return result;
            }
            let Ok(mut json) = serde_json::to_value(&result) else {
                return result;
            };
            mark_complete(&mut json);
            if let Some(list) = json
                .get_mut("resources")
                .and_then(serde_json::Value::as_array_mut)
            {
                list.push(discovery.resource_json());
            }
            serde_json::from_value(json).unwrap_or(result)
        }

        /// Adds the `resultType` this line's own constructors write (3.x's `"complete"`,
        /// which MCP 2026-07-28 requires and rmcp removes for older peers; nothing before
        /// 3.x) to a result's JSON that lacks it.
        fn mark_complete(json: &mut serde_json::Value) {
            let template = serde_json::to_value($r::model::CallToolResult::error(Vec::new())).ok();
            if let (Some(ours), Some(result_type)) = (
                json.as_object_mut(),
                template.as_ref().and_then(|t| t.get("resultType")),
            ) {
                ours.entry("resultType")
                    .or_insert_with(|| result_type.clone());
            }
        }

        /// `resources/read` of the catalog: `Some` when `uri` is
        /// [`CATALOG_URI`](crate::discovery::CATALOG_URI) (the catalog JSON as one text
        /// content), `None` for any other URI, which your handler answers as before.
        pub fn read_catalog_resource(
            discovery: &crate::discovery::ErrorDiscovery,
            uri: &str,
        ) -> Option<$r::model::ReadResourceResult> {
            if uri != crate::discovery::CATALOG_URI {
                return None;
            }
            let mut json = discovery.read_result_json();
            mark_complete(&mut json);
            serde_json::from_value(json).ok()
        }

        /// `tools` with the symbols each can return (those `discovery` was told of) under
        /// `_meta["io.crates.mcp-errors/errors"]`; other `_meta` keys are kept, and a tool
        /// nothing was said of is unchanged. On rmcp releases whose `Tool` has no `_meta`
        /// (0.8.x) the tools are returned unchanged.
        pub fn tools_with_errors(
            discovery: &crate::discovery::ErrorDiscovery,
            tools: Vec<$r::model::Tool>,
        ) -> Vec<$r::model::Tool> {
            tools
                .into_iter()
                .map(|tool| annotated_tool(discovery, tool))
                .collect()
        }

        fn annotated_tool(
            discovery: &crate::discovery::ErrorDiscovery,
            tool: $r::model::Tool,
        ) -> $r::model::Tool {
            serde_json::to_value(&tool)
                .ok()
                .and_then(|json| discovery.annotate_tool_json(json))
                .and_then(|json| serde_json::from_value(json).ok())
                .unwrap_or(tool)
        }

        /// `router` with [`tools_with_errors`] applied to each route's tool, so that the
        /// `tools/list` and `get_tool` that `#[tool_handler]` writes from it list the symbols:
        /// `#[tool_handler(router = Self::tools())]` with `fn tools() -> ToolRouter<Self> {
        /// tool_router_with_errors(&DISCOVERY, Self::tool_router()) }`.
        pub fn tool_router_with_errors<S>(
            discovery: &crate::discovery::ErrorDiscovery,
            mut router: $r::handler::server::router::tool::ToolRouter<S>,
        ) -> $r::handler::server::router::tool::ToolRouter<S> {
            for route in router.map.values_mut() {
                route.attr = annotated_tool(discovery, route.attr.clone());
            }
            router
        }

        /// `inner` (your `ServerHandler`) with its catalog published, made by
        /// [`with_error_discovery`]: it answers `resources/read` of
        /// [`CATALOG_URI`](crate::discovery::CATALOG_URI) itself, and adds the `resources`
        /// capability to `initialize`, the catalog resource to `resources/list` (on its last
        /// page; the catalog alone when `inner` answers "method not found", having no
        /// resources) and each tool's symbols to `tools/list` ([`tools_with_errors`]);
        /// everything else is `inner`'s. On 0.x to 2.x it is an rmcp `Service` that hands
        /// each request to `inner`'s own dispatch, so every method `inner` overrides is
        /// reached; on 3.x it is a `ServerHandler` that forwards the methods of rmcp 3.0's
        /// trait (the four 3.9 added are rmcp's defaults through it: `rmcp_3`'s docs).
        #[derive(Clone, Debug)]
        pub struct WithErrorDiscovery<S> {
            inner: S,
            discovery: crate::discovery::ErrorDiscovery,
        }

        /// Publishes `discovery`'s catalog from `inner` in one call: serve
        /// `with_error_discovery(server, discovery)` where you served `server` (stdio,
        /// Streamable HTTP's factory). The helpers above do the same from inside a handler.
        pub fn with_error_discovery<S>(
            inner: S,
            discovery: crate::discovery::ErrorDiscovery,
        ) -> WithErrorDiscovery<S> {
            WithErrorDiscovery { inner, discovery }
        }

        impl<S> WithErrorDiscovery<S> {
            /// The wrapped handler.
            pub fn inner(&self) -> &S {
                &self.inner
            }
        }

        /// The catalog alone as `resources/list`'s answer, when the wrapped handler has no
        /// resources (its `list_resources` answers "method not found"); any other error stays.
        fn catalog_only_on_method_not_found(
            discovery: &crate::discovery::ErrorDiscovery,
            error: $r::ErrorData,
        ) -> Result<$r::model::ListResourcesResult, $r::ErrorData> {
            if error.code == $r::model::ErrorCode::METHOD_NOT_FOUND {
                Ok(list_resources_with_catalog(
                    discovery,
                    $r::model::ListResourcesResult::default(),
                ))
            } else {
                Err(error)
            }
        }

        /// The catalog read from a server's `resources/read` answer (feature `client`):
        /// [`DiscoveredCatalog::from_read_result`](crate::discovery::DiscoveredCatalog::from_read_result).
        #[cfg(feature = "client")]
        pub fn discovered_catalog(
            result: &$r::model::ReadResourceResult,
        ) -> Result<crate::discovery::DiscoveredCatalog, crate::discovery::CatalogRejected> {
            let json = serde_json::to_value(result).unwrap_or_default();
            crate::discovery::DiscoveredCatalog::from_read_result(&json)
        }
    };
}
pub(crate) use discovery_glue;

/// The one-call wrapper of rmcp 0.x to 2.x: a `Service<RoleServer>` (what `serve` and those
/// lines' Streamable HTTP take), so every request goes to the wrapped handler's own dispatch
/// and every `ServerHandler` method it overrides is reached, whatever the release adds.
#[cfg(any(feature = "rmcp-0", feature = "rmcp-1", feature = "rmcp-2"))]
macro_rules! discovery_service_glue {
    ($r:ident) => {
        impl<S> WithErrorDiscovery<S> {
            /// `result` of `inner` with the catalog added where it belongs.
            fn published(&self, result: $r::model::ServerResult) -> $r::model::ServerResult {
                use $r::model::ServerResult;
                match result {
                    ServerResult::InitializeResult(info) => {
                        ServerResult::InitializeResult(catalog_capability(info))
                    }
                    ServerResult::ListResourcesResult(list) => ServerResult::ListResourcesResult(
                        list_resources_with_catalog(&self.discovery, list),
                    ),
                    ServerResult::ListToolsResult(mut list) => {
                        list.tools = tools_with_errors(&self.discovery, list.tools);
                        ServerResult::ListToolsResult(list)
                    }
                    other => other,
                }
            }
        }

        impl<S> $r::Service<$r::RoleServer> for WithErrorDiscovery<S>
        where
            S: $r::Service<$r::RoleServer>,
        {
            async fn handle_request(
                &self,
                request: $r::model::ClientRequest,
                context: $r::service::RequestContext<$r::RoleServer>,
            ) -> Result<$r::model::ServerResult, $r::ErrorData> {
                if let $r::model::ClientRequest::ReadResourceRequest(read) = &request
                    && let Some(catalog) = read_catalog_resource(&self.discovery, &read.params.uri)
                {
                    return Ok($r::model::ServerResult::ReadResourceResult(catalog));
                }
                let listing = matches!(request, $r::model::ClientRequest::ListResourcesRequest(_));
                match self.inner.handle_request(request, context).await {
                    Ok(result) => Ok(self.published(result)),
                    Err(error) if listing => {
                        catalog_only_on_method_not_found(&self.discovery, error)
                            .map($r::model::ServerResult::ListResourcesResult)
                    }
                    Err(error) => Err(error),
                }
            }

            async fn handle_notification(
                &self,
                notification: $r::model::ClientNotification,
                context: $r::service::NotificationContext<$r::RoleServer>,
            ) -> Result<(), $r::ErrorData> {
                self.inner.handle_notification(notification, context).await
            }

            fn get_info(&self) -> $r::model::InitializeResult {
                catalog_capability(self.inner.get_info())
            }
        }
    };
}
#[cfg(any(feature = "rmcp-0", feature = "rmcp-1", feature = "rmcp-2"))]
pub(crate) use discovery_service_glue;
