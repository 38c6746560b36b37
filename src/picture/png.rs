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
    pixmap.fill(resvg::tiny_skia::Color::WHITE);
    resvg::render(&tree, resvg::tiny_skia::Transform::default(), &mut pixmap.as_mut());
    encode(w, h, pixmap.data())
}

/// The picture is opaque and drawn in a few flat colours: it is written with a palette of
/// its 256 most frequent colours, each other colour (the shades of antialiased edges)
/// replaced by the nearest of them. A third of the size of the RGB picture, which keeps a
/// picture well under 200 KB for mail.
fn encode(w: u32, h: u32, rgba: &[u8]) -> Result<Vec<u8>, PngError> {
    use std::collections::HashMap;
    let rgb = |p: &[u8]| u32::from(p[0]) << 16 | u32::from(p[1]) << 8 | u32::from(p[2]);
    // Counted run by run: a flat picture is mostly long runs of one colour, and a lookup per
    // run instead of per pixel is most of the encoder's speed.
    let mut counts: HashMap<u32, u32> = HashMap::new();
    let mut run: Option<(u32, u32)> = None;
    for p in rgba.chunks_exact(4) {
        let c = rgb(p);
        run = match run {
            Some((rc, n)) if rc == c => Some((rc, n + 1)),
            Some((rc, n)) => {
                *counts.entry(rc).or_default() += n;
                Some((c, 1))
            }
            None => Some((c, 1)),
        };
    }
    if let Some((rc, n)) = run {
        *counts.entry(rc).or_default() += n;
    }
    let mut by_count: Vec<(u32, u32)> = counts.into_iter().collect();
    // Most frequent first; equal counts by colour, so that the output never varies.
    by_count.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let palette: Vec<u32> = by_count.iter().take(256).map(|c| c.0).collect();
    let channels = |c: u32| [(c >> 16) as i32 & 255, (c >> 8) as i32 & 255, c as i32 & 255];
    let nearest = |c: u32| -> u8 {
        let [r, g, b] = channels(c);
        let mut best = (i32::MAX, 0u8);
        for (i, &q) in palette.iter().enumerate() {
            let [qr, qg, qb] = channels(q);
            let d = (r - qr).pow(2) * 3 + (g - qg).pow(2) * 4 + (b - qb).pow(2) * 2;
            if d < best.0 {
                best = (d, i as u8);
            }
        }
        best.1
    };
    let mut index: HashMap<u32, u8> = palette.iter().enumerate().map(|(i, &c)| (c, i as u8)).collect();
    let mut last = (u32::MAX, 0u8);
    let pixels: Vec<u8> = rgba
        .chunks_exact(4)
        .map(|p| {
            let c = rgb(p);
            if c != last.0 {
                last = (c, *index.entry(c).or_insert_with(|| nearest(c)));
            }
            last.1
        })
        .collect();
    let plte: Vec<u8> = palette.iter().flat_map(|&c| channels(c).map(|v| v as u8)).collect();

    let mut out = Vec::new();
    let mut encoder = ::png::Encoder::new(&mut out, w, h);
    encoder.set_color(::png::ColorType::Indexed);
    encoder.set_depth(::png::BitDepth::Eight);
    encoder.set_palette(plte);
    encoder.set_compression(::png::Compression::Balanced);
    let err = |e: ::png::EncodingError| PngError::Encode(e.to_string());
    let mut writer = encoder.write_header().map_err(err)?;
    writer.write_image_data(&pixels).map_err(err)?;
    writer.finish().map_err(err)?;
    Ok(out)
}
