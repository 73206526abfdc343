//! [rmcp](https://docs.rs/rmcp) 3.x (feature `rmcp-3`, or `rmcp`).
//!
//! Every `#[derive(McpError)]` enum `E` gets:
//!
//! - `impl From<E> for rmcp::model::ErrorData`: mcp-errors' JSON-RPC error, so a tool
//!   returning `Result<T, ErrorData>` can use `?` on a `Result<_, E>`;
//! - `impl rmcp::handler::server::tool::IntoCallToolResult for E`, so a `#[tool]` may return
//!   `Result<T, E>`: rmcp's `Result` impl sends the tool error ([`tool_outcome`]), or the
//!   JSON-RPC error of a protocol-class variant.
//!
//! Both conversions [`emit`](crate::integrations::emit) the error. [`Parameters`] replaces
//! rmcp's extractor and [`finish_tool_call`] turns its failures into tool errors and counts
//! rmcp's own; `sys/errorStats` is answered from `ServerHandler::on_custom_request` with
//! [`on_custom_request`].
use rmcp_3::model::CallToolResponse;

crate::integrations::rmcp_lines::line_glue!(rmcp_3, CallToolResponse);
crate::integrations::rmcp_discovery::discovery_glue!(rmcp_3);
crate::integrations::rmcp_lines::error_stats_glue!(rmcp_3);
crate::integrations::rmcp_lines::boxed_tool_results_glue!(rmcp_3, CallToolResponse);

/// The one-call wrapper on 3.x is a `ServerHandler`, since 3.x's Streamable HTTP service takes
/// a `ServerHandler` (not any `Service`). It forwards every method `ServerHandler` has in rmcp
/// 3.0, the line's lowest release. The methods rmcp 3.9 added (`negotiate_initialize`,
/// `list_skills`, `get_skill`, `read_resource_directory`) are not forwarded: through the
/// wrapper they are rmcp's defaults, whatever the wrapped handler overrides. A handler that
/// overrides them calls the four helpers from its own methods instead.
// Logging and legacy subscriptions are deprecated from 3.9 on (not in 3.0): forwarded all
// the same, since the wrapped handler may still answer older clients with them.
#[allow(deprecated)]
mod one_call {
    use rmcp_3::ServerHandler;
    use rmcp_3::model::{
        CallToolRequestParams, CallToolResponse, CancelTaskParams, CancelledNotificationParam,
        CompleteRequestParams, CompleteResult, CustomNotification, CustomRequest, CustomResult,
        DiscoverResult, ErrorData, GetPromptRequestParams, GetPromptResponse, GetTaskParams,
        GetTaskResult, InitializeRequestParams, InitializeResult, ListPromptsResult,
        ListResourceTemplatesResult, ListResourcesResult, ListToolsResult, PaginatedRequestParams,
        ProgressNotificationParam, ProtocolVersion, ReadResourceRequestParams,
        ReadResourceResponse, SetLevelRequestParams, SubscribeRequestParams, SubscriptionFilter,
        Tool, UnsubscribeRequestParams, UpdateTaskParams,
    };
    use rmcp_3::service::{NotificationContext, RequestContext, RoleServer, SubscriptionContext};

    use super::{
        WithErrorDiscovery, annotated_tool, catalog_capability, catalog_only_on_method_not_found,
        list_resources_with_catalog, read_catalog_resource, tools_with_errors,
    };

    type Answer<T> = Result<T, ErrorData>;

    impl<H: ServerHandler> ServerHandler for WithErrorDiscovery<H> {
        fn get_info(&self) -> InitializeResult {
            catalog_capability(self.inner.get_info())
        }

        async fn initialize(
            &self,
            request: InitializeRequestParams,
            context: RequestContext<RoleServer>,
        ) -> Answer<InitializeResult> {
            self.inner
                .initialize(request, context)
                .await
                .map(catalog_capability)
        }

        async fn discover(&self, context: RequestContext<RoleServer>) -> Answer<DiscoverResult> {
            let mut found = self.inner.discover(context).await?;
            found
                .capabilities
                .resources
                .get_or_insert_with(Default::default);
            Ok(found)
        }

        async fn list_resources(
            &self,
            request: Option<PaginatedRequestParams>,
            context: RequestContext<RoleServer>,
        ) -> Answer<ListResourcesResult> {
            match self.inner.list_resources(request, context).await {
                Ok(own) => Ok(list_resources_with_catalog(&self.discovery, own)),
                Err(error) => catalog_only_on_method_not_found(&self.discovery, error),
            }
        }

        async fn read_resource(
            &self,
            request: ReadResourceRequestParams,
            context: RequestContext<RoleServer>,
        ) -> Answer<ReadResourceResponse> {
            match read_catalog_resource(&self.discovery, &request.uri) {
                Some(catalog) => Ok(catalog.into()),
                None => self.inner.read_resource(request, context).await,
            }
        }

        async fn list_tools(
            &self,
            request: Option<PaginatedRequestParams>,
            context: RequestContext<RoleServer>,
        ) -> Answer<ListToolsResult> {
            let mut list = self.inner.list_tools(request, context).await?;
            list.tools = tools_with_errors(&self.discovery, list.tools);
            Ok(list)
        }

        fn get_tool(&self, name: &str) -> Option<Tool> {
            self.inner
                .get_tool(name)
                .map(|tool| annotated_tool(&self.discovery, tool))
        }

        // Everything else: the wrapped handler's.
        async fn ping(&self, context: RequestContext<RoleServer>) -> Answer<()> {
            self.inner.ping(context).await
        }

        fn supported_protocol_versions(&self) -> std::borrow::Cow<'static, [ProtocolVersion]> {
            self.inner.supported_protocol_versions()
        }

        async fn complete(
            &self,
            request: CompleteRequestParams,
            context: RequestContext<RoleServer>,
        ) -> Answer<CompleteResult> {
            self.inner.complete(request, context).await
        }

        async fn set_level(
            &self,
            request: SetLevelRequestParams,
            context: RequestContext<RoleServer>,
        ) -> Answer<()> {
            self.inner.set_level(request, context).await
        }

        async fn get_prompt(
            &self,
            request: GetPromptRequestParams,
            context: RequestContext<RoleServer>,
        ) -> Answer<GetPromptResponse> {
            self.inner.get_prompt(request, context).await
        }

        async fn list_prompts(
            &self,
            request: Option<PaginatedRequestParams>,
            context: RequestContext<RoleServer>,
        ) -> Answer<ListPromptsResult> {
            self.inner.list_prompts(request, context).await
        }

        async fn list_resource_templates(
            &self,
            request: Option<PaginatedRequestParams>,
            context: RequestContext<RoleServer>,
        ) -> Answer<ListResourceTemplatesResult> {
            self.inner.list_resource_templates(request, context).await
        }

        fn accepted_subscription_filter(
            &self,
            requested: &SubscriptionFilter,
        ) -> Option<SubscriptionFilter> {
            self.inner.accepted_subscription_filter(requested)
        }

        async fn listen(&self, context: SubscriptionContext) -> Answer<()> {
            self.inner.listen(context).await
        }

        async fn subscribe(
            &self,
            request: SubscribeRequestParams,
            context: RequestContext<RoleServer>,
        ) -> Answer<()> {
            self.inner.subscribe(request, context).await
        }

        async fn unsubscribe(
            &self,
            request: UnsubscribeRequestParams,
            context: RequestContext<RoleServer>,
        ) -> Answer<()> {
            self.inner.unsubscribe(request, context).await
        }

        async fn call_tool(
            &self,
            request: CallToolRequestParams,
            context: RequestContext<RoleServer>,
        ) -> Answer<CallToolResponse> {
            self.inner.call_tool(request, context).await
        }

        async fn on_custom_request(
            &self,
            request: CustomRequest,
            context: RequestContext<RoleServer>,
        ) -> Answer<CustomResult> {
            self.inner.on_custom_request(request, context).await
        }

        async fn on_cancelled(
            &self,
            notification: CancelledNotificationParam,
            context: NotificationContext<RoleServer>,
        ) {
            self.inner.on_cancelled(notification, context).await;
        }

        async fn on_progress(
            &self,
            notification: ProgressNotificationParam,
            context: NotificationContext<RoleServer>,
        ) {
            self.inner.on_progress(notification, context).await;
        }

        async fn on_initialized(&self, context: NotificationContext<RoleServer>) {
            self.inner.on_initialized(context).await;
        }

        async fn on_roots_list_changed(&self, context: NotificationContext<RoleServer>) {
            self.inner.on_roots_list_changed(context).await;
        }

        async fn on_custom_notification(
            &self,
            notification: CustomNotification,
            context: NotificationContext<RoleServer>,
        ) {
            self.inner
                .on_custom_notification(notification, context)
                .await;
        }

        async fn get_task(
            &self,
            request: GetTaskParams,
            context: RequestContext<RoleServer>,
        ) -> Answer<GetTaskResult> {
            self.inner.get_task(request, context).await
        }

        async fn update_task(
            &self,
            request: UpdateTaskParams,
            context: RequestContext<RoleServer>,
        ) -> Answer<()> {
            self.inner.update_task(request, context).await
        }

        async fn cancel_task(
            &self,
            request: CancelTaskParams,
            context: RequestContext<RoleServer>,
        ) -> Answer<()> {
            self.inner.cancel_task(request, context).await
        }
    }
}
