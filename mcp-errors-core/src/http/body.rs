//! The request and response bodies the layers pass on: the caller's body untouched, bytes the
//! layer already read (a request body it validated, a reply it wrote), or bytes it read ahead
//! followed by the rest of the caller's body.

use core::pin::Pin;
use core::task::{Context, Poll};

use bytes::{Buf, Bytes};
use http_body::{Body, Frame, SizeHint};

/// A body that is the inner body as is, bytes in memory, or bytes in memory followed by
/// the rest of the inner body. [`HttpErrors`](super::HttpErrors) hands its inner service a
/// `LayerBody` of the request body and answers with a `LayerBody` of the inner response's.
///
/// Its data is [`Bytes`] and its error the inner body's.
pub struct LayerBody<B> {
    /// Bytes to send first (the whole body when `rest` is `None`).
    head: Option<Bytes>,
    /// The rest: the inner body, boxed so that it is pinned without `unsafe`.
    rest: Option<Pin<Box<B>>>,
}

impl<B> LayerBody<B> {
    /// The inner body, unread.
    pub fn new(inner: B) -> LayerBody<B> {
        LayerBody {
            head: None,
            rest: Some(Box::pin(inner)),
        }
    }

    /// A body of these bytes alone.
    pub fn full(bytes: impl Into<Bytes>) -> LayerBody<B> {
        let bytes = bytes.into();
        LayerBody {
            head: (!bytes.is_empty()).then_some(bytes),
            rest: None,
        }
    }

    /// `head`, then what remains of `rest`.
    pub(crate) fn prefixed(head: Bytes, rest: Pin<Box<B>>) -> LayerBody<B> {
        LayerBody {
            head: (!head.is_empty()).then_some(head),
            rest: Some(rest),
        }
    }
}

impl<B> core::fmt::Debug for LayerBody<B> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("LayerBody")
            .field("head", &self.head.as_ref().map(Bytes::len))
            .field("streaming", &self.rest.is_some())
            .finish()
    }
}

impl<B> Body for LayerBody<B>
where
    B: Body,
    B::Data: Buf,
{
    type Data = Bytes;
    type Error = B::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, B::Error>>> {
        if let Some(head) = self.head.take() {
            return Poll::Ready(Some(Ok(Frame::data(head))));
        }
        let Some(rest) = self.rest.as_mut() else {
            return Poll::Ready(None);
        };
        match rest.as_mut().poll_frame(cx) {
            Poll::Ready(Some(Ok(frame))) => Poll::Ready(Some(Ok(
                frame.map_data(|mut data| data.copy_to_bytes(data.remaining()))
            ))),
            Poll::Ready(Some(Err(e))) => Poll::Ready(Some(Err(e))),
            Poll::Ready(None) => {
                self.rest = None;
                Poll::Ready(None)
            }
            Poll::Pending => Poll::Pending,
        }
    }

    fn is_end_stream(&self) -> bool {
        self.head.is_none()
            && self
                .rest
                .as_ref()
                .is_none_or(|rest| Body::is_end_stream(rest.as_ref().get_ref()))
    }

    fn size_hint(&self) -> SizeHint {
        let head = self.head.as_ref().map_or(0, |h| h.len() as u64);
        match &self.rest {
            None => SizeHint::with_exact(head),
            Some(rest) => {
                let inner = rest.size_hint();
                let mut hint = SizeHint::new();
                hint.set_lower(inner.lower().saturating_add(head));
                if let Some(upper) = inner.upper() {
                    hint.set_upper(upper.saturating_add(head));
                }
                hint
            }
        }
    }
}
