//! The picture as PNG: the SVG rasterised by resvg.
//!
//! The labels are text, so resvg needs fonts: the system's are loaded once (fontdb). On a
//! machine without any font the picture is still drawn, without its labels; the CI installs
//! `fonts-dejavu-core` (`.ci/setup-pictures.sh`).

use std::sync::{Arc, OnceLock};

/// The fonts of the system, loaded once.
fn fonts() -> Arc<resvg::usvg::fontdb::Database> {
    static FONTS: OnceLock<Arc<resvg::usvg::fontdb::Database>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut db = resvg::usvg::fontdb::Database::new();
            db.load_system_fonts();
            db.set_sans_serif_family("DejaVu Sans");
            Arc::new(db)
        })
        .clone()
}

/// A picture that cannot be rasterised, and why.
#[derive(Debug, thiserror::Error)]
pub enum PngError {
    #[error("the picture's SVG cannot be read: {0}")]
    Svg(String),
    #[error("the picture is empty or too large to rasterise ({0} × {1})")]
    Size(u32, u32),
    #[error("the PNG cannot be encoded: {0}")]
    Encode(String),
}

/// Rasterises an SVG drawn by [`super::draw`] at its own size.
pub fn png(svg: &str) -> Result<Vec<u8>, PngError> {
    let options = resvg::usvg::Options {
        fontdb: fonts(),
        ..resvg::usvg::Options::default()
    };
    let tree = resvg::usvg::Tree::from_str(svg, &options).map_err(|e| PngError::Svg(e.to_string()))?;
    let size = tree.size().to_int_size();
    let (w, h) = (size.width(), size.height());
    let mut pixmap = resvg::tiny_skia::Pixmap::new(w, h).ok_or(PngError::Size(w, h))?;
    resvg::render(&tree, resvg::tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap.encode_png().map_err(|e| PngError::Encode(e.to_string()))
}
