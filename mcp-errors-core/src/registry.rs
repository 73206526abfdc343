//! `Registry`: cross-enum checks, catalog export and code stability. (Being built: issue 3.)
