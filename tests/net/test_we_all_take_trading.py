"""We All Take over SSH with two people: "Players may trade with each other at any
time". The player whose turn it is not makes an offer from their own screen; the
offer waits for the other, who keeps playing meanwhile and is asked to answer."""

from __future__ import annotations

from river_tui.net.auth import Identity
from river_tui.net.remote_app import RemoteApp
from river_tui.net.tables import TableRegistry
from river_tui.rules.we_all_take.actions import Done, Offer, PlaceCamp
from river_tui.rules.we_all_take.components import TILE_BY_CODE
from river_tui.rules.we_all_take.state import PendingOffer
from river_tui.screens.we_all_take.offer_to_you import OfferToYouScreen

from support.net.sshclient import connect
from support.waiting import wait_until

ENTER = "\r"


async def test_a_player_not_to_act_offers_over_ssh_and_the_other_plays_on(make_config, start_server, river_home, keys):
    registry = TableRegistry(river_home / "serve")
    server, port = await start_server(make_config(), lambda who: RemoteApp(who, registry))
    alice_identity = Identity("alice", keys["alice"].get_fingerprint(), "127.0.0.1")
    shared = registry.create(alice_identity, "we-all-take", seats=2, bots=0, variant="tutorial", seed=5)
    table = shared.table
    clients = {}
    for name in ("alice", "bob"):
        client = await connect(port, name, keys[name], size=(160, 50))
        await client.rec.wait_for(shared.title)
        client.type(ENTER)
        clients[name] = client
    await wait_until(lambda: shared.connected() == ["alice", "bob"], "both at the table", seen=shared.connected)
    # Alice's camp on W1 (row 1, the first turn), Bob's on E3 (row 3).
    table.apply(0, PlaceCamp(TILE_BY_CODE["W1"], "Red"))
    table.apply(1, PlaceCamp(TILE_BY_CODE["E3"], "Blue"))
    assert table.to_act() == {0}
    alice, bob = clients["alice"], clients["bob"]
    # Bob, not to act, opens the trade dialog and gives one fish (row 1: fish, + once).
    mark = bob.mark()
    bob.type("t")
    await bob.rec.wait_for("Trade or give", since=mark)
    bob.type("\x1b[B")  # down: the fish row
    bob.type("+")
    bob.type(ENTER)
    gift = PendingOffer(1, 0, (1, 0, 0, 0, 0), (0, 0, 0, 0, 0))
    await wait_until(lambda: table.state.offers == (gift,), "Bob's gift waiting for Alice", seen=lambda: table.state.offers)
    await alice.rec.wait_for("bob offers you a gift")  # put to her whole, over her board
    mark = alice.mark()
    alice.type("\x1b")  # Esc: she answers later, from the list
    await alice.rec.wait_for("answer bob's offer", since=mark)
    await alice.rec.wait_for("bob offers a trade")  # the choices' heading names him as the prompt does (not "Blue")
    # Her board shows through the box, dimmed: its words may be drawn before the box goes.
    alice_app = next(viewer.app for viewer in shared.viewers if viewer.identity.name == "alice")
    await wait_until(lambda: not isinstance(alice_app.screen, OfferToYouScreen), "the box put away",
                     seen=lambda: alice_app.screen)
    # Alice plays on while the gift waits: her turn's Done is a move like any other.
    mark = alice.mark()
    alice.type("d")
    await wait_until(lambda: any(isinstance(a, Done) for _, a in table.log), "Alice's done", seen=lambda: table.log)
    assert table.state.offers == (gift,) and isinstance(table.log[-2][1], Offer) and table.log[-2][0] == 1
    for client in clients.values():
        assert not client.rec.closed.is_set()
        await client.close()
    await registry.close()
