use clap::Parser;
use tarnation::cli::{self, Cli, Command, PlayArgs};

fn main() {
    let parsed = Cli::parse();
    let result = match parsed.command {
        Some(Command::Deck(args)) => cli::deck(&args),
        Some(Command::Check(args)) => cli::check(&args),
        Some(Command::Pool(args)) => cli::pool(&args),
        Some(Command::D20(args)) => cli::d20(&args),
        Some(Command::Levels(command)) => cli::levels(&command),
        Some(Command::Sim(args)) => cli::sim(&args),
        Some(Command::Replay(args)) => cli::replay(&args),
        Some(Command::Play(args)) => play(args),
        None => play(PlayArgs::default()),
    };
    match result {
        Ok(text) => print!("{text}"),
        Err(err) => {
            eprintln!("tarnation: {err}");
            std::process::exit(err.exit_code());
        }
    }
}

#[cfg(feature = "gui")]
fn play(args: PlayArgs) -> Result<String, cli::CliError> {
    tarnation::app::run(args)?;
    Ok(String::new())
}

#[cfg(not(feature = "gui"))]
fn play(_args: PlayArgs) -> Result<String, cli::CliError> {
    Err(cli::CliError::Usage(
        "this build has no window: build with the default `gui` feature to play".into(),
    ))
}
