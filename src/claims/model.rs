//! The support model: logistic regression over the standardised [`super::features`] of a
//! claim. Its output, in [0, 1], is the claim's support score.

use super::features::FEATURES;

/// A logistic model over standardised features:
/// `p = 1 / (1 + exp(-(bias + Σ weights[i] · (x[i] - mean[i]) / scale[i])))`.
#[derive(Debug, Clone, PartialEq)]
pub struct Model {
    /// Mean of each feature on the training data.
    pub mean: [f64; FEATURES],
    /// Standard deviation of each feature on the training data (1 where it was 0).
    pub scale: [f64; FEATURES],
    /// Weight of each standardised feature.
    pub weights: [f64; FEATURES],
    /// Intercept.
    pub bias: f64,
}

impl Model {
    /// The probability that the claim is supported, in [0, 1]; 0 for non-finite input.
    pub fn probability(&self, x: &[f64; FEATURES]) -> f64 {
        let mut z = self.bias;
        for (((x, mean), scale), w) in x.iter().zip(&self.mean).zip(&self.scale).zip(&self.weights)
        {
            let scale = if *scale > 0.0 { *scale } else { 1.0 };
            z += w * (x - mean) / scale;
        }
        if !z.is_finite() {
            return 0.0;
        }
        1.0 / (1.0 + (-z).exp())
    }
}

/// Feature means ([`FEATURE_MEAN`]), scales ([`FEATURE_SCALE`]), weights
/// ([`LEARNED_WEIGHTS`]) and intercept ([`LEARNED_BIAS`]) of the shipped model.
pub const LEARNED: Model = Model {
    mean: FEATURE_MEAN,
    scale: FEATURE_SCALE,
    weights: LEARNED_WEIGHTS,
    bias: LEARNED_BIAS,
};

/// Mean of each feature over the AttributionBench dev file (see [`LEARNED_WEIGHTS`]).
pub const FEATURE_MEAN: [f64; FEATURES] = [
    0.481890, 0.416194, 0.519480, 0.277245, 0.293662, 0.274437, 1.506900, 2.115933, 0.374887,
    2.917938, 1.155565, 0.090129, 0.328755, 0.000858, 2.308026, 1.883997, 0.233741, 0.461803,
    0.274593, 0.526539, 0.141631, 0.201717,
];

/// Standard deviation of each feature over the AttributionBench dev file.
pub const FEATURE_SCALE: [f64; FEATURES] = [
    0.295883, 0.286456, 0.298112, 0.307482, 0.308184, 0.247972, 0.656088, 1.148276, 0.272929,
    1.577723, 0.796096, 0.365387, 0.757841, 0.029285, 0.474912, 1.030295, 0.227944, 0.654827,
    0.320434, 0.334802, 0.348671, 0.549363,
];

/// Weights of the standardised features, fitted by `examples/attribution_eval.rs` on the
/// whole AttributionBench dev file (L2 logistic regression, Newton's method, λ = 1 chosen
/// by 5-fold CV). Nested 5-fold cross-validated macro-F1 of the procedure: 0.704.
pub const LEARNED_WEIGHTS: [f64; FEATURES] = [
    0.561506, -0.174473, -0.646300, 0.260495, -0.049558, 0.031410, 0.145764, 0.696201, -0.488946,
    0.486997, -0.562259, -0.489477, -0.308072, -0.107400, 0.141603, -0.876244, -0.087043,
    -0.156215, 0.166944, 0.199685, 0.616987, 0.124227,
];

/// Intercept of the model.
pub const LEARNED_BIAS: f64 = 0.040884;
