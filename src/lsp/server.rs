//! The server's loop: messages read from standard input, answered in order.

use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};

use lsp_server::{Connection, ErrorCode, Message, Notification, Request, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, Notification as _,
    PublishDiagnostics, ShowMessage,
};
use lsp_types::request::{CodeActionRequest, Completion, Formatting, HoverRequest, Request as _};
use lsp_types::{
    CodeActionKind, CodeActionOptions, CodeActionParams, CodeActionProviderCapability,
    CompletionOptions, CompletionParams, CompletionResponse, DidChangeTextDocumentParams,
    DidCloseTextDocumentParams, DidOpenTextDocumentParams, DocumentFormattingParams, HoverParams,
    HoverProviderCapability, MessageType, OneOf, PositionEncodingKind, PublishDiagnosticsParams,
    ServerCapabilities, ShowMessageParams, TextDocumentSyncCapability, TextDocumentSyncKind, Uri,
};
use serde_json::Value;

use super::{Document, actions, complete, diagnostics, format, hover};

/// A line on standard error (the client's log).
fn log(msg: &str) {
    use std::io::Write as _;
    let _ = writeln!(std::io::stderr().lock(), "tavla lsp: {msg}");
}

/// What the server offers.
pub fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        position_encoding: Some(PositionEncodingKind::UTF16),
        text_document_sync: Some(TextDocumentSyncCapability::Kind(
            TextDocumentSyncKind::INCREMENTAL,
        )),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(vec![":".into(), " ".into()]),
            ..CompletionOptions::default()
        }),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        code_action_provider: Some(CodeActionProviderCapability::Options(CodeActionOptions {
            code_action_kinds: Some(vec![CodeActionKind::QUICKFIX]),
            ..CodeActionOptions::default()
        })),
        document_formatting_provider: Some(OneOf::Left(true)),
        ..ServerCapabilities::default()
    }
}

/// The file name of a document's URI (its last path segment).
fn name_of(uri: &Uri) -> String {
    let s = uri.as_str();
    let s = s.split(['?', '#']).next().unwrap_or(s);
    s.rsplit('/').next().unwrap_or(s).to_string()
}

/// Run the server on standard input and output until the client says `exit`.
///
/// # Errors
/// The connection failed (the client went away before `shutdown`, a malformed message).
pub fn run() -> Result<(), String> {
    let (conn, io) = Connection::stdio();
    let (id, _params) = conn.initialize_start().map_err(|e| e.to_string())?;
    let init = serde_json::json!({
        "capabilities": capabilities(),
        "serverInfo": {"name": "tavla", "version": env!("CARGO_PKG_VERSION")},
    });
    conn.initialize_finish(id, init)
        .map_err(|e| e.to_string())?;
    let result = serve(&conn);
    drop(conn);
    io.join().map_err(|e| e.to_string())?;
    result
}

struct Server<'a> {
    conn: &'a Connection,
    /// The open documents, by their URI's text.
    docs: HashMap<String, Document>,
}

fn serve(conn: &Connection) -> Result<(), String> {
    let mut s = Server {
        conn,
        docs: HashMap::new(),
    };
    for msg in &conn.receiver {
        match msg {
            Message::Request(req) => {
                if conn.handle_shutdown(&req).map_err(|e| e.to_string())? {
                    return Ok(());
                }
                let id = req.id.clone();
                let method = req.method.clone();
                let resp = match catch_unwind(AssertUnwindSafe(|| s.request(req))) {
                    Ok(Ok(v)) => Response::new_ok(id, v),
                    Ok(Err((code, msg))) => {
                        log(&format!("{method}: {msg}"));
                        Response::new_err(id, code as i32, msg)
                    }
                    Err(_) => {
                        log(&format!("{method}: internal error (panic)"));
                        Response::new_err(
                            id,
                            ErrorCode::InternalError as i32,
                            "internal error".into(),
                        )
                    }
                };
                s.send(Message::Response(resp));
            }
            Message::Notification(n) => {
                let method = n.method.clone();
                if catch_unwind(AssertUnwindSafe(|| s.notification(n))).is_err() {
                    log(&format!("{method}: internal error (panic)"));
                }
            }
            Message::Response(_) => {}
        }
    }
    Ok(())
}

type Answer = Result<Value, (ErrorCode, String)>;

fn params<P: serde::de::DeserializeOwned>(v: Value) -> Result<P, (ErrorCode, String)> {
    serde_json::from_value(v).map_err(|e| (ErrorCode::InvalidParams, e.to_string()))
}

fn to_value<T: serde::Serialize>(t: T) -> Answer {
    serde_json::to_value(t).map_err(|e| (ErrorCode::InternalError, e.to_string()))
}

impl Server<'_> {
    fn send(&self, m: Message) {
        if self.conn.sender.send(m).is_err() {
            log("the client's channel is closed");
        }
    }

    fn doc(&self, uri: &Uri) -> Result<&Document, (ErrorCode, String)> {
        self.docs.get(uri.as_str()).ok_or_else(|| {
            (
                ErrorCode::InvalidParams,
                format!("{} is not open", uri.as_str()),
            )
        })
    }

    fn request(&mut self, req: Request) -> Answer {
        match req.method.as_str() {
            Completion::METHOD => {
                let p: CompletionParams = params(req.params)?;
                let tp = p.text_document_position;
                let doc = self.doc(&tp.text_document.uri)?;
                to_value(CompletionResponse::Array(complete::completions(
                    doc,
                    tp.position,
                )))
            }
            HoverRequest::METHOD => {
                let p: HoverParams = params(req.params)?;
                let tp = p.text_document_position_params;
                let doc = self.doc(&tp.text_document.uri)?;
                to_value(hover::hover(doc, tp.position))
            }
            CodeActionRequest::METHOD => {
                let p: CodeActionParams = params(req.params)?;
                let uri = p.text_document.uri;
                let doc = self.doc(&uri)?;
                to_value(actions::code_actions(doc, &uri, p.range))
            }
            Formatting::METHOD => {
                let p: DocumentFormattingParams = params(req.params)?;
                let doc = self.doc(&p.text_document.uri)?;
                match format::formatting(doc) {
                    Ok(edits) => to_value(edits),
                    Err(format::NotFormatted(why)) => {
                        log(&why);
                        self.send(Message::Notification(Notification::new(
                            ShowMessage::METHOD.into(),
                            ShowMessageParams {
                                typ: MessageType::WARNING,
                                message: format!("tavla: {why}"),
                            },
                        )));
                        Ok(Value::Null)
                    }
                }
            }
            m => Err((ErrorCode::MethodNotFound, format!("unknown method {m}"))),
        }
    }

    fn notification(&mut self, n: Notification) {
        let uri = match n.method.as_str() {
            DidOpenTextDocument::METHOD => {
                let Ok(p) = serde_json::from_value::<DidOpenTextDocumentParams>(n.params) else {
                    return log("didOpen: bad parameters");
                };
                let td = p.text_document;
                let doc = Document::new(&name_of(&td.uri), td.text);
                self.docs.insert(td.uri.as_str().to_string(), doc);
                Some((td.uri, Some(td.version)))
            }
            DidChangeTextDocument::METHOD => {
                let Ok(p) = serde_json::from_value::<DidChangeTextDocumentParams>(n.params) else {
                    return log("didChange: bad parameters");
                };
                let uri = p.text_document.uri;
                let Some(doc) = self.docs.get_mut(uri.as_str()) else {
                    return log(&format!("didChange: {} is not open", uri.as_str()));
                };
                doc.edit(p.content_changes);
                Some((uri, Some(p.text_document.version)))
            }
            DidCloseTextDocument::METHOD => {
                if let Ok(p) = serde_json::from_value::<DidCloseTextDocumentParams>(n.params) {
                    let uri = p.text_document.uri;
                    self.docs.remove(uri.as_str());
                    self.publish(&uri, Vec::new(), None);
                }
                None
            }
            _ => None,
        };
        if let Some((uri, version)) = uri
            && let Some(doc) = self.docs.get(uri.as_str())
        {
            let d = diagnostics::diagnostics(doc, &uri);
            self.publish(&uri, d, version);
        }
    }

    fn publish(&self, uri: &Uri, diagnostics: Vec<lsp_types::Diagnostic>, version: Option<i32>) {
        let p = PublishDiagnosticsParams::new(uri.clone(), diagnostics, version);
        self.send(Message::Notification(Notification::new(
            PublishDiagnostics::METHOD.into(),
            p,
        )));
    }
}
