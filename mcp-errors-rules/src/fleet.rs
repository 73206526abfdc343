//! The fleet file: one allocation of code ranges for every server of a fleet.
