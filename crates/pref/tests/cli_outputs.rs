//! Where the commands write: a closed output pipe, links and devices, files that exist
//! already (kept unless `--overwrite`), `-` for standard output, and outputs that could not be
//! written said before a long run starts.

mod common;
use common::{pref, sim, stderr_of, stdout_of};
use std::io::Read;
use std::process::Stdio;

#[test]
fn a_closed_output_pipe_ends_quietly() {
    let dir = tempfile::tempdir().unwrap();
    let file = sim(dir.path(), "g.json", &["--seed", "4", "--hands", "30"]);
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("pref"))
        .arg("replay")
        .arg(&file)
        .env("RUST_BACKTRACE", "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Read a little, then close the pipe as `| head -1` does.
    let mut first = [0u8; 16];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    let status = child.wait().unwrap();
    let mut err = String::new();
    child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
    assert!(!err.contains("panicked"), "{err}");
    assert!(status.success(), "{status:?}: {err}");
}

#[test]
fn outputs_write_through_links_and_devices_and_leave_no_temporary_file() {
    let dir = tempfile::tempdir().unwrap();
    let real = dir.path().join("real.json");
    std::fs::write(&real, "old").unwrap();
    let link = dir.path().join("link.json");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    sim(dir.path(), "link.json", &["--hands", "1", "--seed", "3"]);
    assert!(
        std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink(),
        "the link stays"
    );
    assert!(
        std::fs::read_to_string(&real).unwrap().starts_with('{'),
        "its target holds the record"
    );
    // A device is written, not replaced: the pulya goes to standard output (a pipe here).
    let out = pref()
        .args(["sheet", "--svg", "/dev/stdout"])
        .arg(&real)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr_of(&out));
    assert!(stdout_of(&out).contains("<svg"), "{}", stdout_of(&out));
    assert!(!std::fs::symlink_metadata("/dev/stdout").unwrap().file_type().is_file());
    // A directory is refused by name, and nothing is left behind.
    let sub = dir.path().join("sub");
    std::fs::create_dir(&sub).unwrap();
    let out = pref()
        .args(["sim", "--hands", "1", "--out"])
        .arg(&sub)
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(stderr_of(&out).contains("is a directory"), "{}", stderr_of(&out));
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(names.iter().all(|n| !n.contains("tmp-pref")), "{names:?}");
}

#[test]
fn long_runs_refuse_an_output_they_could_not_write_before_they_start() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("no/such/dir/r.json");
    for args in [vec!["sim", "--hands", "200"], vec!["match", "--deals", "2"]] {
        let out = pref().args(&args).arg("--out").arg(&missing).output().unwrap();
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(stderr_of(&out).contains("does not exist"), "{}", stderr_of(&out));
        let out = pref().args(&args).arg("--out").arg(dir.path()).output().unwrap();
        assert!(stderr_of(&out).contains("is a directory"), "{}", stderr_of(&out));
    }
}

#[test]
fn outputs_that_exist_are_kept_unless_overwrite() {
    // The README's examples save a game, then simulate: a file already there may be a game.
    let dir = tempfile::tempdir().unwrap();
    let kept = dir.path().join("game.json");
    std::fs::write(&kept, "a game saved earlier").unwrap();
    let records = dir.path().join("boards");
    std::fs::create_dir(&records).unwrap();
    std::fs::write(records.join("deal-00000-seating-0.json"), "a board kept").unwrap();
    let path = kept.to_str().unwrap();
    let runs: [&[&str]; 4] = [
        &["sim", "--hands", "1", "--out", path],
        &["sheet", path, "--svg", path],
        &["match", "--deals", "1", "--out", path],
        &["match", "--deals", "1", "--records", records.to_str().unwrap()],
    ];
    for args in runs {
        let out = pref().args(args).output().unwrap();
        assert!(!out.status.success(), "{args:?}");
        let err = stderr_of(&out);
        assert!(err.contains("--overwrite replaces"), "{args:?}: {err}");
    }
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), "a game saved earlier");
    assert_eq!(
        std::fs::read_to_string(records.join("deal-00000-seating-0.json")).unwrap(),
        "a board kept"
    );
    let out = pref()
        .args(["sim", "--hands", "1", "--overwrite", "--out", path])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr_of(&out));
    assert!(std::fs::read_to_string(&kept).unwrap().starts_with('{'));
    // Replaced records are all replaced: an earlier, longer match's boards do not stay.
    std::fs::write(records.join("deal-00007-seating-0.json"), "an older board").unwrap();
    let out = pref()
        .args([
            "match",
            "--deals",
            "1",
            "--overwrite",
            "--records",
            records.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr_of(&out));
    let mut names: Vec<String> = std::fs::read_dir(&records)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert!(names.iter().all(|n| n.starts_with("deal-00000-")), "{names:?}");
    assert!(!names.is_empty());
}

#[test]
fn out_dash_writes_the_record_or_report_alone_on_standard_output() {
    let dir = tempfile::tempdir().unwrap();
    for args in [
        &["sim", "--hands", "2", "--seed", "3", "--out", "-"][..],
        &["match", "--deals", "2", "--out", "-"][..],
    ] {
        let out = pref().current_dir(dir.path()).args(args).output().unwrap();
        assert!(out.status.success(), "{args:?}: {}", stderr_of(&out));
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("standard output is the JSON alone");
        assert!(json.is_object(), "{args:?}");
        assert!(!stderr_of(&out).is_empty(), "the summary goes to standard error");
        assert!(!dir.path().join("-").exists(), "no file named '-'");
    }
}

#[test]
fn an_output_under_a_file_says_the_file_is_not_a_directory() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("exist.json");
    std::fs::write(&file, "{}").unwrap();
    let under = file.join("x.json");
    let runs: [(Vec<&str>, &str); 2] = [
        (
            vec!["sim", "--hands", "1", "--out", under.to_str().unwrap()],
            "is not a directory",
        ),
        (
            vec!["match", "--deals", "1", "--records", file.to_str().unwrap()],
            "it is a file, not a directory",
        ),
    ];
    for (args, expect) in runs {
        let out = pref().args(&args).output().unwrap();
        assert!(!out.status.success(), "{args:?}");
        assert!(stderr_of(&out).contains(expect), "{args:?}: {}", stderr_of(&out));
    }
}
