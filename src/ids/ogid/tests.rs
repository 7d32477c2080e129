//! The OGID read, written and replayed.

use super::*;
use crate::rules::Rules;
use crate::rules::backgammon::Backgammon;
use crate::rules::options::BackgammonOptions;
use crate::rules::{BAR, OFF, Roll};

fn start() -> Position {
    Backgammon {
        options: BackgammonOptions::preset("backgammon").unwrap(),
    }
    .start()
}

#[test]
fn the_codecs_opening_ogid_reads_and_writes_back() {
    let s = "11ccccchhhjjjjj:66666888dddddoo:N0N:13:B:IB:0:0:5:0";
    let o: Ogid = s.parse().unwrap();
    assert_eq!(o.position, start());
    assert_eq!(o.dice, Some(Roll { a: 1, b: 3 }));
    assert_eq!(
        (o.last, o.state, o.on_roll()),
        (Side::Black, GameState::InitialBoth, Some(Side::White))
    );
    assert_eq!(o.to_string(), s);
    assert_eq!(format!("OGID={s}").parse::<Ogid>().unwrap(), o);
    assert_eq!(format!("  ogid={s}\n").parse::<Ogid>().unwrap(), o);
}

#[test]
fn every_field_reads_and_writes_back() {
    for s in [
        "0ffiijjjllmmooo:222445566679ckk:W2T:26:W:R:0:6:0:56",
        "00jjj:66ppp:N0N::B:C:0:0:0:0",
        "11cccehhhhjjjjj:666668889ddddio:N0O::B:D:0:1:5:2",
        "123:mno:N0N:13:B:IB:0:0:3:0",
        "nnoo:1122446667cccdd:B4P::W:G:3:8:11C:41",
        "o:2:D3N::W:C:2:1:7L:9:2",
        "o:2:?0N:65:B:R:2:1:0G4:9:2",
    ] {
        let o: Ogid = s.parse().unwrap_or_else(|e| panic!("{s}: {e}"));
        assert_eq!(o.to_string(), s);
    }
    // Checkers in any order are read; written sorted.
    let o: Ogid = "11jjjjjhhhccccc:ooddddd88866666:N0N::W:IW:0:0:1:0"
        .parse()
        .unwrap();
    assert_eq!(o.position, start());
    assert_eq!(
        o.to_string(),
        "11ccccchhhjjjjj:66666888dddddoo:N0N::W:IW:0:0:1:0"
    );
    assert_eq!(o.on_roll(), Some(Side::White));
}

#[test]
fn bars_map_to_each_sides_own_bar() {
    let o: Ogid = "00jjj:66ppp:N0N::B:C:0:0:0:0".parse().unwrap();
    assert_eq!(o.position.count(Side::White, BAR), 2);
    assert_eq!(o.position.count(Side::White, 6), 3);
    assert_eq!(o.position.count(Side::Black, BAR), 3);
    assert_eq!(o.position.count(Side::Black, 6), 2);
    assert_eq!(o.position.count(Side::White, OFF), 10);
}

#[test]
fn malformed_ogids_are_typed_errors() {
    let ok = "11ccccchhhjjjjj:66666888dddddoo:N0N:13:B:IB:0:0:5:0";
    assert!(ok.parse::<Ogid>().is_ok());
    for c in [
        "",
        "OGID=",
        "11ccccchhhjjjjj:66666888dddddoo:N0N:13:B:IB:0:0:5",
        "11ccccchhhjjjjj:66666888dddddoo:N0N:13:B:IB:0:0:5:0:15:1",
        "11ccccchhhjjjjjq:66666888dddddoo:N0N:13:B:IB:0:0:5:0",
        "11ccccchhhjjjjX:66666888dddddoo:N0N:13:B:IB:0:0:5:0",
        "p1ccccchhhjjjjj:66666888dddddoo:N0N:13:B:IB:0:0:5:0",
        "11ccccchhhjjjjj:06666888dddddoo:N0N:13:B:IB:0:0:5:0",
        "111ccccchhhjjjjj:66666888dddddoo:N0N:13:B:IB:0:0:5:0",
        "11ccccchhhjjjj6:66666888dddddoo:N0N:13:B:IB:0:0:5:0",
        "::N0N::B:C:0:0:5:0",
        "11ccccchhhjjjjj:66666888dddddoo:X0N:13:B:IB:0:0:5:0",
        "11ccccchhhjjjjj:66666888dddddoo:N16N:13:B:IB:0:0:5:0",
        "11ccccchhhjjjjj:66666888dddddoo:NN:13:B:IB:0:0:5:0",
        "11ccccchhhjjjjj:66666888dddddoo:N0X:13:B:IB:0:0:5:0",
        "11ccccchhhjjjjj:66666888dddddoo:N0N:17:B:IB:0:0:5:0",
        "11ccccchhhjjjjj:66666888dddddoo:N0N:1:B:IB:0:0:5:0",
        "11ccccchhhjjjjj:66666888dddddoo:N0N:13:X:IB:0:0:5:0",
        "11ccccchhhjjjjj:66666888dddddoo:N0N:13:B:XX:0:0:5:0",
        "11ccccchhhjjjjj:66666888dddddoo:N0N:13:B:IB:-1:0:5:0",
        "11ccccchhhjjjjj:66666888dddddoo:N0N:13:B:IB:5:0:5:0",
        "11ccccchhhjjjjj:66666888dddddoo:N0N:13:B:IB:0:0:5X:0",
        "11ccccchhhjjjjj:66666888dddddoo:N0N:13:B:IB:0:0:5G:0",
        "11ccccchhhjjjjj:66666888dddddoo:N0N:13:B:IB:0:0:5:x",
        "11ccccchhhjjjjj:66666888dddddoo:N0N:13:B:IB:0:0:5:0:16",
        "11ccccchhhjjjjj:66666888dddddoo:N0N:13:B:IB:0:0:5:0:3",
        "11ccccchhhjjjjj:66666888dddddoo:N0N:13:B:IB:0:0:99999999999999999999:0",
    ] {
        let e = c.parse::<Ogid>();
        assert!(e.is_err(), "{c} was accepted");
        assert!(!e.unwrap_err().to_string().is_empty());
    }
}

#[test]
fn the_game_follows_the_codecs_states() {
    // The codec's replay of fixtures/ogxm/drop.ogxm, game 2.
    let ctx = MatchContext {
        black_score: 1,
        match_length: 5,
        ..MatchContext::default()
    };
    let mut g = OgidGame::new(start(), Side::Black, &ctx, None);
    let after: Ogid = "11ccccchhhjjjjj:666668889ddddio:N0N::B:C:0:1:5:1"
        .parse()
        .unwrap();
    let p = g.roll(Side::Black, Roll { a: 6, b: 4 }, after.position, false);
    assert_eq!(
        p.before.to_string(),
        "11ccccchhhjjjjj:66666888dddddoo:N0N:46:W:IB:0:1:5:0"
    );
    assert_eq!(p.after.unwrap().to_string(), after.to_string());
    let after: Ogid = "11cccehhhhjjjjj:666668889ddddio:N0N::W:C:0:1:5:2"
        .parse()
        .unwrap();
    let p = g.roll(Side::White, Roll { a: 5, b: 2 }, after.position, false);
    assert_eq!(
        p.before.to_string(),
        "11ccccchhhjjjjj:666668889ddddio:N0N:25:B:R:0:1:5:1"
    );
    assert_eq!(p.after.unwrap(), after);
    let p = g.double(Side::Black);
    assert_eq!(
        p.after.unwrap().to_string(),
        "11cccehhhhjjjjj:666668889ddddio:N0O::B:D:0:1:5:2"
    );
    assert_eq!(p.after.unwrap().on_roll(), Some(Side::Black));
    let p = g.take(Side::White);
    assert_eq!(
        p.after.unwrap().to_string(),
        "11cccehhhhjjjjj:666668889ddddio:W1T::W:A:0:1:5:2"
    );
    let p = g.resign(Side::Black);
    assert_eq!(
        p.before.to_string(),
        "11cccehhhhjjjjj:666668889ddddio:W1T::W:A:0:1:5:2"
    );
    assert_eq!(
        p.after.unwrap().to_string(),
        "11cccehhhhjjjjj:666668889ddddio:W1T::B:A:0:1:5:2"
    );
}

#[test]
fn the_crawford_game_is_the_first_at_one_away() {
    assert_eq!(
        crawford_games(&[(0, 0), (4, 2), (4, 3)], 5, true),
        [false, true, false]
    );
    assert_eq!(crawford_games(&[(0, 0), (0, 0)], 1, true), [true, false]);
    assert_eq!(crawford_games(&[(4, 2)], 5, false), [false]);
    assert_eq!(crawford_games(&[(4, 2)], 0, true), [false]);
}

#[test]
fn a_lone_position_is_written_to_roll_or_to_play() {
    let ctx = MatchContext {
        cube: 2,
        cube_owner: Some(Side::White),
        white_score: 2,
        black_score: 4,
        match_length: 7,
        crawford: false,
    };
    assert_eq!(
        ogid(&start(), Side::White, None, &ctx),
        "11ccccchhhjjjjj:66666888dddddoo:W1N::B:C:2:4:7:0"
    );
    assert_eq!(
        ogid(
            &start(),
            Side::Black,
            Some(Roll { a: 6, b: 4 }),
            &MatchContext::default()
        ),
        "11ccccchhhjjjjj:66666888dddddoo:N0N:64:W:R:0:0:0:0"
    );
}
