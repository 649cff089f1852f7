//! The validator: runs every deterministic check on one input and builds the report.

use crate::citation::check_citations;
use crate::config::Config;
use crate::context::AnswerContext;
use crate::error::Result;
use crate::input::CheckInput;
use crate::report::{normalize_warnings, Report};

/// A configured validator. Cheap to clone; holds no state between checks.
#[derive(Debug, Clone, Default)]
pub struct Validator {
    config: Config,
}

impl Validator {
    /// A validator with `config`.
    ///
    /// # Errors
    /// `INVALID_VALUE` when a configuration value is out of range.
    pub fn new(config: Config) -> Result<Self> {
        config.validate()?;
        Ok(Validator { config })
    }

    /// The configuration in force.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Runs every deterministic check. Same input, same report.
    ///
    /// # Errors
    /// The input's own validation errors (limits, empty question, duplicate ids).
    pub fn check(&self, input: &CheckInput) -> Result<Report> {
        input.validate(&self.config.limits)?;
        let ctx = AnswerContext::new(&input.answer);
        let citations = check_citations(&ctx, &input.sources, &self.config.citations);
        let mut warnings = citations.warnings;
        normalize_warnings(&mut warnings);
        Ok(Report {
            citations: citations.report,
            warnings,
            complete: true,
        })
    }
}
