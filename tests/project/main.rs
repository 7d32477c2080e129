//! The project as a whole: its documentation holds together (`docs`), the public API is the
//! listing in docs/api.txt (`api`), and the layers depend on each other as ARCHITECTURE.md
//! says (`architecture`).

mod api;
mod architecture;
mod docs;
