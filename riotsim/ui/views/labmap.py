"""The Map Lab's board: the map picture zoomed and panned, with overlays, problem markers,
placed pieces and move targets on top. Everything it shows comes from riotsim.core.maplab."""

from __future__ import annotations

from typing import Any

import pygame

from riotsim.core.maplab import Layer, Move, Piece, Spot, cell_at, cell_centre
from riotsim.ui import draw
from riotsim.ui import theme as T

Point = tuple[float, float]
MAX_PICTURE = 4096
ZOOMS = (1.0, 1.5, 2.0, 3.0, 4.0)


class LabMap:
    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.board: Any = None
        self.lab: Any = None  # the game's lab: where pieces stand (riotsim.core.maplab)
        self.hover: Spot | None = None  # the cell or space under the pointer
        self.zoom = 1.0
        self.focus: Point | None = None  # map pixel at the view centre (None: the middle)
        self._picture: pygame.Surface | None = None
        self._picture_key: tuple[Any, ...] = ()

    # -- transform ---------------------------------------------------------------------------
    def _map_size(self) -> tuple[int, int]:
        from riotsim.ui.thumbnail import _pixel_size

        return _pixel_size(self.board)

    @property
    def scale(self) -> float:
        if self.board is None or self.rect.w < 20:
            return 1.0
        w, h = self._map_size()
        fit = min((self.rect.w - 24) / max(1, w), (self.rect.h - 24) / max(1, h))
        return max(0.05, fit * self.zoom)

    def _focus(self) -> Point:
        if self.focus is not None:
            return self.focus
        w, h = self._map_size()
        return w / 2, h / 2

    def to_screen(self, p: Point) -> tuple[int, int]:
        fx, fy = self._focus()
        s = self.scale
        return round(self.rect.centerx + (p[0] - fx) * s), round(
            self.rect.centery + (p[1] - fy) * s
        )

    def to_map(self, pos: tuple[int, int]) -> Point:
        fx, fy = self._focus()
        s = self.scale
        return fx + (pos[0] - self.rect.centerx) / s, fy + (pos[1] - self.rect.centery) / s

    def cell_under(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        if self.board is None or not self.rect.collidepoint(pos):
            return None
        return cell_at(self.board, self.to_map(pos))

    def spot_under(self, pos: tuple[int, int]) -> Spot | None:
        """Where a piece would stand under the pointer (a cell, or a RIOT space)."""
        if self.lab is None or not self.rect.collidepoint(pos):
            return None
        spot: Spot | None = self.lab.spot_at(self.to_map(pos))
        return spot

    def spot_on_screen(self, spot: Spot) -> tuple[int, int]:
        """Where a piece on ``spot`` is drawn; on a RIOT space, below the space's name."""
        x, y = self.to_screen(self.lab.point_of(spot))
        return (x, y + self._space_radius() + 8) if isinstance(spot, str) else (x, y)

    def _space_radius(self) -> int:
        return max(8, min(self.rect.h // 40, 14))

    def _spot_radius(self, spot: Spot) -> float:
        return self._space_radius() if isinstance(spot, str) else self._cell_radius() * 0.75

    def centre_on(self, points: list[Point]) -> None:
        """Put the middle of ``points`` at the view centre, zoomed in at least twice."""
        if not points:
            return
        self.focus = (
            sum(p[0] for p in points) / len(points),
            sum(p[1] for p in points) / len(points),
        )
        self.zoom = max(self.zoom, 2.0)

    def zoom_by(self, steps: int) -> None:
        index = min(range(len(ZOOMS)), key=lambda i: abs(ZOOMS[i] - self.zoom))
        self.zoom = ZOOMS[max(0, min(len(ZOOMS) - 1, index + steps))]
        if self.zoom == 1.0:
            self.focus = None

    # -- drawing -----------------------------------------------------------------------------
    def picture(self) -> pygame.Surface | None:
        """The board drawn at the current zoom (made once per board and size)."""
        return None if self.board is None or self.rect.w < 20 else self._board_picture()

    def _board_picture(self) -> pygame.Surface | None:
        from riotsim.ui.thumbnail import render_board

        w, h = self._map_size()
        s = min(self.scale, MAX_PICTURE / max(w, h, 1))
        size = (max(1, int(w * s)), max(1, int(h * s)))
        key = (id(self.board), size)
        if key != self._picture_key:
            self._picture = render_board(self.board, size)
            self._picture_key = key
        return self._picture

    def draw(
        self,
        surface: pygame.Surface,
        theme: T.Theme,
        layers: list[Layer],
        markers: list[list[Point]],
        pieces: list[Piece],
        selected: int | None,
        moves: list[Move],
    ) -> None:
        if self.board is None:
            return
        old_clip = surface.get_clip()
        surface.set_clip(self.rect)
        picture = self._board_picture()
        if picture is not None:
            surface.blit(picture, self.to_screen((0.0, 0.0)))
        used: dict[tuple[int, int], int] = {}  # labels already at a point: stack below them
        for layer in layers:
            self._draw_layer(surface, theme, layer, used)
        self._draw_moves(surface, theme, moves)
        if layers and self.hover is not None:  # the cell or space distances are counted from
            r = self._spot_radius(self.hover) / 0.75
            pygame.draw.circle(surface, T.TEXT, self.spot_on_screen(self.hover), r, 2)
        self._draw_pieces(surface, theme, pieces, selected)
        for points in markers:
            for p in points:
                self._marker(surface, theme, self.to_screen(p))
        surface.set_clip(old_clip)

    def _cell_radius(self) -> float:
        return max(4.0, min(self.board.tile_width, self.board.tile_height) * self.scale * 0.42)

    def _draw_layer(
        self,
        surface: pygame.Surface,
        theme: T.Theme,
        layer: Layer,
        used: dict[tuple[int, int], int],
    ) -> None:
        r = self._cell_radius()
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        crossed = []
        for cell, t in layer.tints.items():
            centre = self.to_screen(cell_centre(self.board, cell))
            colour = (40, 40, 48, 150) if t < 0 else (*T.mix((0, 158, 115), (213, 94, 0), t), 110)
            # the tint's size says as much as its hue: near is large, far small; none is crossed
            pygame.draw.circle(shade, colour, centre, r if t < 0 else r * (1.0 - 0.45 * t))
            if t < 0:
                crossed.append(centre)
        surface.blit(shade, (0, 0))
        for centre in crossed:
            draw.sign(surface, "cross", centre, r * 0.3, (150, 150, 160))
        for a, b, arrow in layer.lines:
            pa, pb = self.to_screen(a), self.to_screen(b)
            pygame.draw.line(surface, T.ACCENT_HI, pa, pb, max(2, theme.px(2)))
            if arrow:
                pygame.draw.circle(surface, T.ACCENT_HI, pb, max(3, theme.px(4)))
        font = theme.fonts.bold(max(10, min(18, int(r * 0.9))))
        for p, text in layer.labels:
            at = self.to_screen(p)
            count = used.get(at, 0)
            used[at] = count + 1
            centre = (at[0], at[1] + count * font.get_linesize())
            img = draw.render_text(font, text, T.TEXT)
            box = img.get_rect(center=centre).inflate(4, 0)
            pygame.draw.rect(surface, (*T.BG_DEEP,), box, border_radius=3)
            surface.blit(img, img.get_rect(center=centre))

    def _draw_moves(self, surface: pygame.Surface, theme: T.Theme, moves: list[Move]) -> None:
        for move in moves:
            if move.to is not None:
                r = self._spot_radius(move.to) / 0.75
                centre = self.spot_on_screen(move.to)
                width = max(2, theme.px(3))
                pygame.draw.circle(surface, T.BG_DEEP, centre, r * 0.8 + 1, width + 2)
                pygame.draw.circle(surface, (40, 220, 150), centre, r * 0.8, width)

    def _draw_pieces(
        self, surface: pygame.Surface, theme: T.Theme, pieces: list[Piece], selected: int | None
    ) -> None:
        for i, piece in enumerate(pieces):
            r = self._spot_radius(piece.cell)
            font = theme.fonts.bold(max(10, min(18, int(r))))
            centre = self.spot_on_screen(piece.cell)
            colour = T.seat_colour(piece.seat)
            draw.seat_marker(surface, T.seat_shape(piece.seat), colour, centre, r)
            if i == selected:
                pygame.draw.circle(surface, T.TEXT, centre, r + 4, max(2, theme.px(2)))
            draw.text(surface, piece.label[:2], font, T.TEXT_DARK, centre, "center")

    def _marker(self, surface: pygame.Surface, theme: T.Theme, centre: tuple[int, int]) -> None:
        r = max(theme.px(10), int(self._cell_radius() * 0.9))
        pygame.draw.circle(surface, T.BG_DEEP, centre, r + 2, max(2, theme.px(2)))
        pygame.draw.circle(surface, (255, 60, 60), centre, r, max(3, theme.px(4)))
        badge = (centre[0] + r * 0.7, centre[1] - r * 0.7)
        pygame.draw.circle(surface, (255, 60, 60), badge, max(7, r * 0.45))
        draw.text(surface, "!", theme.fonts.bold(max(11, int(r * 0.7))), T.TEXT, badge, "center")
