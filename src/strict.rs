//! Reading JSON data into the library's structs strictly.
//!
//! serde's derived structs also accept a sequence of their fields in order, so
//! `{ config: [0.5] }` would set the threshold to 0.5 and `sources: [["a", "text"]]` would
//! make a source. Input arrives from strangers: a struct must be written as an object.
//! [`Strict`] wraps a `serde_json::Value` and refuses an array wherever a struct is
//! expected, at any depth; everything else reads as `serde_json::Value` reads.

use serde::de::{self, DeserializeSeed, IntoDeserializer, MapAccess, SeqAccess, Visitor};
use serde::forward_to_deserialize_any;
use serde_json::{Map, Value};

/// A JSON value read with structs as objects only.
pub struct Strict(pub Value);

impl<'de> IntoDeserializer<'de, serde_json::Error> for Strict {
    type Deserializer = Strict;
    fn into_deserializer(self) -> Strict {
        self
    }
}

impl<'de> de::Deserializer<'de> for Strict {
    type Error = serde_json::Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
        match self.0 {
            Value::Array(items) => visitor.visit_seq(Seq {
                items: items.into_iter(),
            }),
            Value::Object(map) => visitor.visit_map(Obj {
                entries: map.into_iter(),
                value: None,
            }),
            other => other.deserialize_any(visitor),
        }
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Self::Error> {
        match self.0 {
            Value::Array(_) => Err(de::Error::invalid_type(
                de::Unexpected::Seq,
                &"an object (fields by name, not a list)",
            )),
            other => Strict(other).deserialize_any(visitor),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
        match self.0 {
            Value::Null => visitor.visit_none(),
            other => visitor.visit_some(Strict(other)),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Self::Error> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Self::Error> {
        self.0.deserialize_enum(name, variants, visitor)
    }

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct seq tuple tuple_struct map identifier ignored_any
    }
}

struct Seq {
    items: std::vec::IntoIter<Value>,
}

impl<'de> SeqAccess<'de> for Seq {
    type Error = serde_json::Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Self::Error> {
        self.items
            .next()
            .map(|v| seed.deserialize(Strict(v)))
            .transpose()
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.items.len())
    }
}

struct Obj {
    entries: <Map<String, Value> as IntoIterator>::IntoIter,
    value: Option<Value>,
}

impl<'de> MapAccess<'de> for Obj {
    type Error = serde_json::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Self::Error> {
        match self.entries.next() {
            Some((k, v)) => {
                self.value = Some(v);
                seed.deserialize(Value::String(k)).map(Some)
            }
            None => Ok(None),
        }
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(
        &mut self,
        seed: V,
    ) -> Result<V::Value, Self::Error> {
        let v = self.value.take().unwrap_or(Value::Null);
        seed.deserialize(Strict(v))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.entries.len())
    }
}

#[cfg(test)]
mod tests {
    use super::Strict;
    use crate::{CheckInput, Config, Limits, Source};
    use serde::Deserialize;
    use serde_json::json;

    #[test]
    fn structs_must_be_objects_at_any_depth() {
        assert!(Config::deserialize(Strict(json!([0.5]))).is_err());
        assert!(
            Config::deserialize(json!([0.5])).is_ok(),
            "plain serde_json takes a list"
        );
        let positional = json!({ "question": "q?", "answer": "a", "sources": [["a", "text"]] });
        let err = CheckInput::from_deserializer(Strict(positional), &Limits::default())
            .expect_err("a source written as a list");
        assert_eq!(err.field.as_deref(), Some("sources[0]"), "{err}");
        assert!(Source::deserialize(Strict(json!({ "id": 7, "content": "x" }))).is_ok());
    }

    #[test]
    fn everything_else_reads_as_serde_json_does() {
        let v = json!({ "question": "q?", "answer": "a [1]", "sources": [{ "id": "a", "content": "x", "score": 0.5, "startLine": 3, "extra": [1, { "k": null }] }], "critic": null });
        let strict = CheckInput::from_deserializer(Strict(v.clone()), &Limits::default()).unwrap();
        let plain = CheckInput::from_deserializer(v, &Limits::default()).unwrap();
        assert_eq!(strict, plain);
        assert_eq!(strict.sources[0].start_line, Some(3));
        let c = Config::deserialize(Strict(
            json!({ "threshold": 0.8, "citations": { "styles": ["numeric"] } }),
        ))
        .unwrap();
        assert_eq!(c.threshold, 0.8);
    }
}
