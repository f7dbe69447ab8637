"""Action 9, Trade (pp. 15-17): routes, spaces by round, the market-value chart and its dice."""

from __future__ import annotations

import pytest

from engine import api, essentials
from engine.data import markets
from engine.errors import MalformedAction
from engine.state import GameState
from tests.engine.helpers import act, fed, game, give, refused, roll, set_units, through_round_end


def athens_trading(round: int = 1, **tracks: int) -> GameState:
    """Athens to act, with every sea open (the printed setup has Sparta's galleys on the Myrtoan
    and Ionian seas, which closes Aegyptos and Illyria to Athens)."""
    state = game(round=round, active="athens")
    set_units(state, "sparta", ionion_pelagos=0, myrtoon_pelagos=0)
    state.players["athens"].tracks.update(tracks)
    return state


def test_at_setup_athens_reaches_persia_and_thraki_but_not_past_spartas_galleys() -> None:
    """Euxinos's spaces are both of value 5 (the source's), so it opens in Omega."""
    state = game(round=0, active="athens")
    assert api.options(state, "athens", {"type": "trade"})["choices"] == ["persia_0", "thraki_0"]
    state = game(round=2, active="athens")
    state.players["athens"].tracks.update(wine=10, iron=10, wood=10)
    assert "euxinos_0" in api.options(state, "athens", {"type": "trade"})["choices"]


def test_persia_example_in_epsilon_five_wine_for_four_wheat_then_the_wine_loses_value() -> None:
    state = athens_trading(wine=6, wheat=2)
    state.market_value["wine"] = 1  # where a 4-load of wheat costs 5 wine, as in the example
    assert api.options(state, "athens", {"type": "trade", "space": "persia_1"})["costs"]["wine"] == {"wine": 5}
    state, _ = act(state, "athens", "trade", space="persia_1", give="wine")
    athens = state.players["athens"]
    assert athens.tracks["wine"] == 1 and athens.tracks["wheat"] == 6
    assert state.market_spaces == {"persia_1": "athens"}
    assert essentials.merchants_in_port(state, "athens") == 0
    assert api.chance_request(state)["dice"] == 2
    state, events = roll(state, 4, 3)
    assert state.market_value["wine"] == 1 + 3  # the lower roll
    assert events[-1]["result"]["market_value"] == {"wine": 4}
    assert state.decision.side == "athens"  # the turn goes on: one more action


def test_omega_example_five_silver_for_five_iron_six_wood_or_seven_wine() -> None:
    state = athens_trading(round=2)
    state.market_value.update(iron=0, wood=1, wine=2)
    state.players["athens"].tracks.update(iron=5, wood=6, wine=7)
    costs = api.options(state, "athens", {"type": "trade", "space": "persia_2"})["costs"]
    assert costs == {"iron": {"iron": 5}, "wood": {"wood": 6}, "wine": {"wine": 7}}


def test_wheat_bought_with_silver_pays_the_load_and_raises_every_good_the_space_accepts() -> None:
    state = athens_trading(round=0, silver=3, wheat=0)
    state.market_value.update(iron=4, wine=1, wood=5)
    state, _ = act(state, "athens", "trade", space="persia_0", give="silver")
    assert state.players["athens"].tracks["silver"] == 0 and state.players["athens"].tracks["wheat"] == 3
    assert api.chance_request(state)["dice"] == 2  # iron and wine: one roll each
    state, _ = roll(state, 2, 3)
    assert state.market_value == {"iron": 2, "wine": 0, "wood": 5}  # wine stops at the left end


def test_one_roll_when_the_space_accepts_one_good() -> None:
    state = athens_trading(silver=4)
    state.market_value["wine"] = 3
    state, _ = act(state, "athens", "trade", space="persia_1", give="silver")
    assert api.chance_request(state)["dice"] == 1
    with pytest.raises(MalformedAction) as error:
        roll(state, 1, 1)
    assert error.value.code == "bad_chance"
    state, _ = roll(state, 2)
    assert state.market_value["wine"] == 1


def test_a_sold_good_stops_at_the_right_end_of_its_row() -> None:
    state = athens_trading(round=0, iron=20)
    state.market_value["iron"] = markets.MAX_POSITION - 1
    state, _ = act(state, "athens", "trade", space="persia_0", give="iron")
    state, _ = roll(state, 4, 4)
    assert state.market_value["iron"] == markets.MAX_POSITION


def test_what_is_received_beyond_the_personal_board_is_lost() -> None:
    state = athens_trading(round=0, wine=5, wheat=19)
    state, _ = act(state, "athens", "trade", space="persia_0", give="wine")
    assert state.players["athens"].tracks["wheat"] == 20


@pytest.mark.parametrize("space,give_,code", [
    ("persia_2", "silver", "not_accepted"),  # silver buys wheat only
    ("persia_1", "iron", "not_accepted"),    # the 4-wheat space takes wine only
    ("illyria_1", "wood", "not_accepted"),   # the source's Illyria buys iron for silver, nothing widened
    ("aegyptos_0", "iron", "not_accepted"),
])
def test_a_space_takes_only_its_goods(space: str, give_: str, code: str) -> None:
    refused(athens_trading(round=2, silver=10), "athens", "trade", code, space=space, give=give_)


def test_spaces_open_by_round_three_then_four_then_five() -> None:
    refused(athens_trading(round=0), "athens", "trade", "space_unavailable", space="persia_1", give="wine")
    refused(athens_trading(round=1, iron=20), "athens", "trade", "space_unavailable", space="persia_2", give="iron")
    state, _ = act(athens_trading(round=2, iron=20), "athens", "trade", space="persia_2", give="iron")
    assert state.players["athens"].tracks["silver"] == 5


def test_one_merchant_per_space_until_the_round_ends_then_the_merchants_go_home() -> None:
    state = fed(athens_trading(round=0))
    state, _ = act(state, "athens", "trade", space="persia_0", give="wine")
    state, _ = roll(state, 1, 1)
    state, _ = act(state, "athens", "pass")
    refused(state, "sparta", "trade", "space_taken", space="persia_0", give="iron", extra="wood")
    state, _ = act(state, "sparta", "pass")
    state, _ = through_round_end(state)
    assert state.round == 1 and state.market_spaces == {}
    assert essentials.merchants_in_port(state, "athens") == 1


def test_a_merchant_must_be_in_port() -> None:
    state = athens_trading(round=2)
    state.market_spaces["persia_0"] = "athens"  # its only merchant traded earlier this round
    refused(state, "athens", "trade", "no_merchant", space="aegyptos_0", give="wine")
    state.players["athens"].merchants = 2
    state, _ = act(state, "athens", "trade", space="aegyptos_0", give="wine")


def test_a_sea_controlled_by_the_opponent_on_the_way_closes_the_route() -> None:
    state = athens_trading(round=0)
    set_units(state, "sparta", kyklades=3)  # Athens's first sea (it has 2 galleys there at setup)
    refused(state, "athens", "trade", "no_route", space="persia_0", give="wine")
    state = athens_trading(round=0)
    set_units(state, "sparta", noties_sporades=2)  # Persia's own sea
    refused(state, "athens", "trade", "no_route", space="persia_0", give="wine")
    assert "aegyptos_0" in api.options(state, "athens", {"type": "trade"})["choices"]


def test_both_of_spartas_seas_blocked_cut_it_off_and_each_route_needs_every_sea_free() -> None:
    """R11: blocking both seas of Sparta's port closes every sea market; the Myrtoan sea alone
    closes the routes that cross it (Aegyptos's own sea), unless Korinthos opens the diolkos."""
    state = game(round=0)
    set_units(state, "athens", ionion_pelagos=2, kyklades=0, noties_sporades=0)
    assert set(api.options(state, "sparta", {"type": "trade"})["choices"]) == {
        "persia_0", "aegyptos_0", "thraki_0"}  # Illyria's sea is Ionion
    set_units(state, "athens", myrtoon_pelagos=3)
    assert api.options(state, "sparta", {"type": "trade"})["choices"] == []
    refused(state, "sparta", "trade", "no_route", space="aegyptos_0", give="wine")
    set_units(state, "athens", ionion_pelagos=0)  # the Myrtoan sea alone: only Illyria is left
    assert api.options(state, "sparta", {"type": "trade"})["choices"] == ["illyria_0"]
    refused(state, "sparta", "trade", "no_route", space="aegyptos_0", give="wine")
    give(state, "sparta", "korinthos", 2)  # Ionion -> Kyklades by the diolkos, round the blockade
    assert set(api.options(state, "sparta", {"type": "trade"})["choices"]) == {
        "illyria_0", "persia_0", "thraki_0"}  # Aegyptos's own sea is the Myrtoan


def test_sparta_through_the_diolkos_when_the_myrtoan_sea_is_closed() -> None:
    state = game(round=0)
    set_units(state, "athens", myrtoon_pelagos=3, kyklades=0, noties_sporades=0)
    refused(state, "sparta", "trade", "no_route", space="persia_0", give="iron")
    give(state, "sparta", "korinthos", 2)  # Ionion -> Kyklades -> Noties sporades
    state, _ = act(state, "sparta", "trade", space="persia_0", give="iron")
    assert state.market_spaces == {"persia_0": "sparta"}


def test_euxinos_closes_with_the_thracian_sea() -> None:
    state = athens_trading(round=2)
    set_units(state, "sparta", thrakiko_pelagos=1)
    refused(state, "athens", "trade", "no_route", space="euxinos_0", give="wine")
    refused(state, "athens", "trade", "no_route", space="thraki_0", give="iron")


def test_the_diolkos_opens_illyria_to_athens_when_the_myrtoan_sea_is_closed() -> None:
    state = athens_trading(round=0)
    set_units(state, "sparta", myrtoon_pelagos=3)
    refused(state, "athens", "trade", "no_route", space="illyria_0", give="wood")
    give(state, "athens", "korinthos", 2)  # the diolkos: Kyklades straight to the Ionian sea
    state, _ = act(state, "athens", "trade", space="illyria_0", give="wood")
    assert state.market_spaces == {"illyria_0": "athens"}


def test_illyria_and_thraki_overland_from_epidamnos_and_abdira() -> None:
    state = athens_trading(round=0)
    set_units(state, "sparta", kyklades=3)  # every sea route of Athens is closed
    refused(state, "athens", "trade", "no_route", space="illyria_0", give="wood")
    give(state, "athens", "epidamnos", 1)
    assert api.options(state, "athens", {"type": "trade"})["choices"] == ["illyria_0"]
    give(state, "athens", "abdira", 1)
    assert api.options(state, "athens", {"type": "trade"})["choices"] == ["illyria_0", "thraki_0"]


def test_sparta_needs_one_of_its_commercial_poleis_even_with_abdira() -> None:
    state = game(round=0)
    give(state, "sparta", "abdira", 1)
    give(state, "athens", "pylos", 2)
    state, _ = act(state, "sparta", "trade", space="thraki_0", give="iron")  # Gythion is enough
    state = game(round=0)
    give(state, "sparta", "abdira", 1)
    give(state, "athens", "pylos", 2)
    give(state, "athens", "gythion", 1)
    refused(state, "sparta", "trade", "no_commercial_polis", space="thraki_0", give="iron")


def test_not_enough_goods_is_refused_with_the_cost() -> None:
    state = athens_trading(wine=4)
    state.market_value["wine"] = 1
    refused(state, "athens", "trade", "cannot_afford", space="persia_1", give="wine")


def test_trading_alone_costs_the_extra_resource_too() -> None:
    state = game(round=0)
    state, _ = act(state, "sparta", "pass")
    state.players["athens"].tracks["wine"] = 3
    refused(state, "athens", "trade", "cannot_afford", space="persia_0", give="wine", extra="wine")
    state, _ = act(state, "athens", "trade", space="persia_0", give="wine", extra="iron")
    assert state.players["athens"].tracks["wine"] == 0 and state.players["athens"].tracks["iron"] == 3


def test_every_legal_trade_applies() -> None:
    state = athens_trading(round=2, iron=20, wood=20, wine=20, silver=20)
    trades = [a for a in api.legal_actions(state, "athens") if a["type"] == "trade"]
    assert {a["space"] for a in trades} == {s.id for s in markets.SPACES}
    for action in trades:
        after, _ = api.apply_action(state, "athens", action)
        assert after.market_spaces == {action["space"]: "athens"}


def test_silver_for_wheat_must_be_affordable_with_the_extra_too() -> None:
    state = athens_trading(round=0, silver=2)
    refused(state, "athens", "trade", "cannot_afford", space="persia_0", give="silver")
    state = game(round=0)
    state, _ = act(state, "sparta", "pass")
    set_units(state, "sparta", ionion_pelagos=0, myrtoon_pelagos=0)
    state.players["athens"].tracks["silver"] = 3
    refused(state, "athens", "trade", "cannot_afford", space="persia_0", give="silver", extra="silver")
    state.players["athens"].tracks["silver"] = 4
    state, _ = act(state, "athens", "trade", space="persia_0", give="silver", extra="silver")
    assert state.players["athens"].tracks["silver"] == 0


@pytest.mark.parametrize("fields,code", [
    ({"give": "wine"}, "missing_field"),
    ({"space": "persia_0"}, "missing_field"),
    ({"space": "atlantis_0", "give": "wine"}, "unknown_id"),
    ({"space": "persia_0", "give": "gold"}, "unknown_id"),
    ({"space": 3, "give": "wine"}, "unknown_id"),
])
def test_malformed_trades(fields: dict, code: str) -> None:
    refused(athens_trading(round=0), "athens", "trade", code, **fields)


def test_a_space_taken_by_ones_own_merchant_is_taken_too() -> None:
    state = athens_trading(round=0)
    state.players["athens"].merchants = 2
    state.market_spaces["persia_0"] = "athens"
    refused(state, "athens", "trade", "space_taken", space="persia_0", give="wine")


def test_the_options_offer_only_spaces_and_goods_the_side_can_pay() -> None:
    state = athens_trading(round=0, iron=0, wood=0, wine=2, silver=0)
    assert api.options(state, "athens", {"type": "trade"})["choices"] == []
    state.players["athens"].tracks["wine"] = 3
    assert api.options(state, "athens", {"type": "trade", "space": "persia_0"})["choices"] == ["wine"]


def test_athens_holding_spartas_commercial_poleis_still_trades_from_its_own_port() -> None:
    state = athens_trading(round=0)
    give(state, "athens", "pylos", 2)
    give(state, "athens", "gythion", 1)
    set_units(state, "sparta", kyklades=3)  # Athens's own first sea closed: Sparta's port would not be
    assert api.options(state, "athens", {"type": "trade"})["choices"] == []


def test_a_good_the_side_cannot_pay_for_is_greyed_with_its_price() -> None:
    """Outside tour: iron was taken for the player, wine (a load now dearer than its wine) left out
    unsaid. Each good the space takes and the side cannot pay is refused with the price."""
    state = athens_trading(round=0)
    state.players["athens"].tracks["wine"] = 1
    options = api.options(state, "athens", {"type": "trade", "space": "persia_0"})
    refused = {item["choice"]: item for item in options["unavailable"]}
    assert "wine" not in options["choices"] and refused["wine"]["reason"] == "cannot_afford"
    assert refused["wine"]["cost"] == options["costs"]["wine"]
