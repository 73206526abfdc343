//! The rules every checker shares.
