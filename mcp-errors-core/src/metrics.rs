//! Error counters: `ErrorStats` and the `sys/errorStats` snapshot. (Being built: issue 3.)
