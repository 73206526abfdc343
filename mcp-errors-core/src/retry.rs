//! Retry guidance: `RetryPolicy` and `retry`. (Being built: issue 3.)
