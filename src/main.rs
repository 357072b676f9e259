use clap::Parser;
use tarnation::cli::{self, Cli, Command, PlayArgs};

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

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
        Some(Command::Balance(args)) => cli::balance(&args),
        Some(Command::Play(args)) => play(args),
        Some(Command::Edit(args)) => edit(args),
        None => play(PlayArgs::default()),
    };
    let (output, failure) = match result {
        Ok(text) => (text, None),
        Err(cli::CliError::Broken { output, message }) => (output, Some((message, 1))),
        Err(cli::CliError::Differs { output, message }) => (output, Some((message, 3))),
        Err(cli::CliError::Unsaved { output, message }) => (output, Some((message, 2))),
        Err(err) => (String::new(), Some((err.to_string(), err.exit_code()))),
    };
    // A reader that closes the pipe early (`| head`) ends the program quietly.
    if let Err(e) = cli::print_out(&output) {
        eprintln!("tarnation: cannot write the output: {e}");
        std::process::exit(1);
    }
    if let Some((message, code)) = failure {
        use std::io::Write;
        let _ = writeln!(std::io::stderr(), "tarnation: {message}");
        std::process::exit(code);
    }
}

#[cfg(feature = "gui")]
fn play(args: PlayArgs) -> Result<String, cli::CliError> {
    tarnation::app::run(args)?;
    Ok(String::new())
}

#[cfg(feature = "gui")]
fn edit(args: cli::EditArgs) -> Result<String, cli::CliError> {
    tarnation::app::edit(args)?;
    Ok(String::new())
}

#[cfg(not(feature = "gui"))]
fn edit(_args: cli::EditArgs) -> Result<String, cli::CliError> {
    Err(cli::CliError::Usage(
        "this build has no window: build with the default `gui` feature to edit levels".into(),
    ))
}

#[cfg(not(feature = "gui"))]
fn play(_args: PlayArgs) -> Result<String, cli::CliError> {
    Err(cli::CliError::Usage(
        "this build has no window: build with the default `gui` feature to play".into(),
    ))
}
