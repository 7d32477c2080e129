//! Choosing the rules of a record: header tags (`Variation`, `Rules`, `Rule`, `Crawford`,
//! `Jacoby`, `Beaver`, `CubeLimit`) and command-line overrides.

use super::Finding;
use crate::codes::Code;
use crate::notation::Span;
use crate::record::Match;
use crate::rules::gul_bara::GulBara;
use crate::rules::rotation::Rotation;
use crate::rules::{OptionError, RuleSet, Rules, Variant, header_variant};

/// Rule choices from the command line; they override the record's header.
#[derive(Clone, Debug, Default)]
pub struct Overrides {
    /// `--variant`.
    pub variant: Option<Variant>,
    /// `--rules PRESET`.
    pub preset: Option<String>,
    /// `--rule key=value`, in order.
    pub rules: Vec<String>,
}

impl Overrides {
    /// The overrides of a variant name, a preset and `key=value` options, as the command
    /// line's `--variant`, `--rules` and `--rule` give them, each checked against the
    /// variants it can apply to (a variant name that implies a preset, such as
    /// `nackgammon`, sets it unless `preset` names another).
    ///
    /// ```
    /// use tavla::replay::Overrides;
    /// let o = Overrides::parse(Some("nackgammon"), None, &[]).unwrap();
    /// assert_eq!(o.preset.as_deref(), Some("nackgammon"));
    /// assert!(Overrides::parse(Some("chess"), None, &[]).is_err());
    /// assert!(Overrides::parse(None, None, &["crawford=maybe".into()]).is_err());
    /// ```
    ///
    /// # Errors
    ///
    /// An unknown variant, a preset no candidate variant has, or an option no candidate
    /// variant accepts; the message names what is accepted.
    pub fn parse(
        variant: Option<&str>,
        preset: Option<&str>,
        rules: &[String],
    ) -> Result<Overrides, String> {
        let mut o = Overrides::default();
        let mut implied_preset = None;
        if let Some(v) = variant {
            let (variant, preset) = Variant::from_name(v).ok_or_else(|| {
                format!("unknown variant `{v}` ({})", crate::rules::variant_names())
            })?;
            o.variant = Some(variant);
            implied_preset = preset;
        }
        let candidates: Vec<Variant> = match o.variant {
            Some(v) => vec![v],
            None => Variant::ALL.to_vec(),
        };
        if let Some(p) = preset.or(implied_preset) {
            if !candidates
                .iter()
                .any(|v| RuleSet::default_for(*v).with_preset(p).is_ok())
            {
                return Err(format!(
                    "unknown preset `{p}` ({})",
                    crate::rules::preset_names()
                ));
            }
            o.preset = Some(p.to_string());
        }
        for kv in rules {
            let ok = candidates
                .iter()
                .any(|v| RuleSet::default_for(*v).set(kv).is_ok());
            if !ok {
                let e = RuleSet::default_for(candidates[0])
                    .set(kv)
                    .err()
                    .map(|e| e.to_string())
                    .unwrap_or_default();
                return Err(format!("bad --rule `{kv}`: {e}"));
            }
            o.rules.push(kv.clone());
        }
        Ok(o)
    }

    /// The rules these overrides give a single position (no record header): backgammon
    /// unless a variant is named, then the preset and each option in order.
    ///
    /// ```
    /// use tavla::replay::Overrides;
    /// let rules = Overrides::parse(Some("gul-bara"), None, &[]).unwrap().ruleset().unwrap();
    /// assert_eq!(rules.variant(), tavla::Variant::GulBara);
    /// ```
    ///
    /// # Errors
    ///
    /// A preset or an option the variant does not have.
    pub fn ruleset(&self) -> Result<RuleSet, String> {
        let (variant, _) = header_variant(None).ok_or("no default variant")?;
        let mut rules = RuleSet::default_for(self.variant.unwrap_or(variant));
        if let Some(p) = self.preset.as_deref() {
            rules = rules
                .with_preset(p)
                .map_err(|e| format!("--rules {p}: {e}"))?;
        }
        for kv in &self.rules {
            rules.set(kv).map_err(|e| format!("--rule {kv}: {e}"))?;
        }
        Ok(rules)
    }

    /// Force Gul bara with its default preset.
    pub fn gul_bara() -> Self {
        Overrides {
            variant: Some(GulBara::VARIANT),
            ..Overrides::default()
        }
    }
}

fn on_off(v: &str) -> Option<bool> {
    match v.trim().to_ascii_lowercase().as_str() {
        "on" | "yes" | "true" | "1" => Some(true),
        "off" | "no" | "false" | "0" => Some(false),
        _ => None,
    }
}

/// The rules for `record`, or `None` when its variant is not supported.
pub(crate) fn rules_for(record: &Match, o: &Overrides) -> (Option<RuleSet>, Vec<Finding>) {
    let mut findings = Vec::new();
    let mut header_preset: Option<&'static str> = None;
    let header_variant = header_variant(record.tag("Variation").map(|t| t.0)).map(|(v, preset)| {
        header_preset = preset;
        v
    });
    let variant = match (o.variant, header_variant) {
        (Some(v), _) => v,
        (None, Some(v)) => v,
        (None, None) => {
            let (name, span) = record.tag("Variation").unwrap_or(("", Span::default()));
            findings.push(
                Finding::error(
                    Code::UnsupportedVariant,
                    span,
                    format!("the variant `{name}` is not supported; the record was not checked"),
                )
                .label("this variant")
                .help("tavla checks `Gul Bara`, `Backgammon` (also `NackGammon`, `Short Nardy`, `Obiknovena`, `Portes`, `Tavla`), `Long Nardy`, `Fevga` (also `Moultezim`), `Tapa`, `Plakoto`, `Sreshta`, `Tavli`, `HyperGammon (1)` to `(3)` and `LongGammon`; use --variant to force one"),
            );
            return (None, findings);
        }
    };
    // The header's rule tags apply only when the header's variant is the one checked.
    let header_applies = header_variant == Some(variant);
    if !header_applies {
        header_preset = None;
    }
    let mut rules = RuleSet::default_for(variant);
    if let Some(p) = header_preset {
        rules = rules.with_preset(p).unwrap_or(rules);
    }
    if header_applies {
        rules_tag(record, &mut rules, &mut findings);
        // gnubg's tags, where the variant has the option (Gul bara has no cube).
        for (name, key) in [
            ("Crawford", "crawford"),
            ("Jacoby", "jacoby"),
            ("Beaver", "beaver"),
        ] {
            if let Some((v, span)) = record.tag(name) {
                match on_off(v) {
                    Some(x) => set_if_known(&mut rules, key, x),
                    None => findings.push(bad_option(span, v, "expected On or Off")),
                }
            }
        }
        if let Some((v, span)) = record.tag("CubeLimit") {
            match v.trim().parse::<u64>() {
                Ok(1) => set_if_known(&mut rules, "cube", false),
                Ok(_) => {}
                Err(_) => findings.push(bad_option(span, v, "expected a number")),
            }
        }
        rule_tags(record, &mut rules, &mut findings);
    }
    (Some(overridden(rules, o)), findings)
}

/// The rotation of a record whose `Variation` names a rotating match (`Sreshta`, `Tavli`), with its
/// `Rules`/`Rule` tags applied to the pinning games; `None` otherwise, or when `--variant`
/// forces one game for the whole record.
pub(crate) fn rotation_for(record: &Match, o: &Overrides) -> (Option<Rotation>, Vec<Finding>) {
    let mut findings = Vec::new();
    if o.variant.is_some() {
        return (None, findings);
    }
    let Some(mut rot) = record
        .tag("Variation")
        .and_then(|t| Rotation::from_name(t.0))
    else {
        return (None, findings);
    };
    rules_tag(record, &mut rot, &mut findings);
    rule_tags(record, &mut rot, &mut findings);
    (Some(overridden(rot, o)), findings)
}

/// Rules that take a preset and `key=value` options: a rule set, or the pinning games of a
/// rotation.
trait Configure: Copy {
    fn with_preset(self, name: &str) -> Result<Self, OptionError>;
    fn set(&mut self, kv: &str) -> Result<(), OptionError>;
}

impl Configure for RuleSet {
    fn with_preset(self, name: &str) -> Result<Self, OptionError> {
        RuleSet::with_preset(self, name)
    }
    fn set(&mut self, kv: &str) -> Result<(), OptionError> {
        RuleSet::set(self, kv)
    }
}

impl Configure for Rotation {
    fn with_preset(self, name: &str) -> Result<Self, OptionError> {
        Rotation::with_preset(self, name)
    }
    fn set(&mut self, kv: &str) -> Result<(), OptionError> {
        Rotation::set(self, kv)
    }
}

/// The header's `Rules` tag (a preset), applied to `rules`; a bad one is a finding.
fn rules_tag(record: &Match, rules: &mut impl Configure, findings: &mut Vec<Finding>) {
    if let Some((preset, span)) = record.tag("Rules") {
        match rules.with_preset(preset) {
            Ok(r) => *rules = r,
            Err(e) => findings.push(bad_option(span, preset, &e.to_string())),
        }
    }
}

/// The header's `Rule` tags (`key=value`), applied to `rules`; each bad one is a finding.
fn rule_tags(record: &Match, rules: &mut impl Configure, findings: &mut Vec<Finding>) {
    for (kv, span) in record.tags("Rule") {
        if let Err(e) = rules.set(kv) {
            findings.push(bad_option(span, kv, &e.to_string()));
        }
    }
}

/// `rules` with the command line's `--rules` and `--rule` applied over the header (those
/// that do not apply are left out: they were checked when read).
fn overridden<C: Configure>(mut rules: C, o: &Overrides) -> C {
    if let Some(p) = &o.preset
        && let Ok(r) = rules.with_preset(p)
    {
        rules = r;
    }
    for kv in &o.rules {
        let _ = rules.set(kv);
    }
    rules
}

/// Set a boolean option the variant may not have (then the tag does not apply).
fn set_if_known(rules: &mut RuleSet, key: &str, value: bool) {
    let _ = rules.set(&format!("{key}={}", if value { "on" } else { "off" }));
}

fn bad_option(span: Span, value: &str, why: &str) -> Finding {
    Finding::error(Code::BadRuleOption, span, format!("the rule setting `{value}` is not valid: {why}"))
        .label("this setting")
        .help("see `gul-bara.md` §7 and `backgammon.md` for presets and options; the default is used instead")
}
