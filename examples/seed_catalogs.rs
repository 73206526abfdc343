//! Writes the catalog JSON (`Registry::to_json`) of each reference taxonomy
//! (`docs/taxonomies.md`) of `examples/taxonomies/` into a directory, as `seed0.json` ...
//! `seed4.json`: the input on which `.ci/polyglot.sh` and `.ci/golang.sh` run `mcp-errors gen`
//! and check the output.
//!
//! ```text
//! cargo run --example seed_catalogs -- DIR
//! ```

#[path = "taxonomies/seed0.rs"]
mod seed0;
#[path = "taxonomies/seed1.rs"]
mod seed1;
#[path = "taxonomies/seed2.rs"]
mod seed2;
#[path = "taxonomies/seed3.rs"]
mod seed3;
#[path = "taxonomies/seed4.rs"]
mod seed4;

use mcp_errors::{CommonError, Registry};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = std::env::args_os()
        .nth(1)
        .ok_or("usage: seed_catalogs DIR")?;
    let dir = std::path::PathBuf::from(dir);
    std::fs::create_dir_all(&dir)?;
    let seeds = [
        Registry::new()
            .with::<CommonError>()
            .with::<seed0::PythonError>()
            .with::<seed0::PlaywrightError>()
            .with::<seed0::PuppeteerError>()
            .with::<seed0::MemoryBankError>()
            .with::<seed0::KgMemoryError>()
            .with::<seed0::FilesystemError>()
            .with::<seed0::SqlServerError>()
            .with::<seed0::NotionError>()
            .with::<seed0::TavilyError>()
            .with::<seed0::MiscError>(),
        Registry::new()
            .with::<seed1::ProtocolRangeError>()
            .with::<seed1::ValidationError>()
            .with::<seed1::BusinessError>()
            .with::<seed1::SystemError>()
            .with::<seed1::AdapterError>(),
        Registry::new().with::<seed2::CommonsError>(),
        Registry::new().with::<seed3::GithubMcpError>(),
        Registry::new().with::<seed4::KbError>(),
    ];
    for (i, registry) in seeds.iter().enumerate() {
        let path = dir.join(format!("seed{i}.json"));
        std::fs::write(&path, format!("{:#}\n", registry.to_json()))?;
        println!("wrote {}", path.display());
    }
    Ok(())
}
