// Telling a person that the game waits for them: a short sound (made by WebAudio, no file to download) and
// the tab's title, the moment it becomes their turn or they are asked (an offer, a discard, a defence: any
// decision the game gives them). Switchable, remembered in this browser; on unless switched off.

import {t} from "./i18n.js";

const KEY = "siedler.alerts";
/** The sound: two short rising tones (Hz, seconds from the start). */
const TONES = [[660, 0], [880, 0.14]];
const TONE_S = 0.12;

let audio = null;

export function alertsOn() {
  return localStorage.getItem(KEY) !== "off";
}

export function setAlerts(on) {
  localStorage.setItem(KEY, on ? "on" : "off");
}

/** The sound, made on the spot. A browser lets a page sound only after a person touched it: until then
 *  the context stays suspended and this plays nothing, which is all it can do. */
export function chime() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return;
  audio = audio || new Context();
  if (audio.state === "suspended") audio.resume();
  const start = audio.currentTime;
  for (const [frequency, at] of TONES) {
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    tone.frequency.value = frequency;
    volume.gain.setValueAtTime(0.0001, start + at);
    volume.gain.exponentialRampToValueAtTime(0.2, start + at + 0.02);
    volume.gain.exponentialRampToValueAtTime(0.0001, start + at + TONE_S);
    tone.connect(volume).connect(audio.destination);
    tone.start(start + at);
    tone.stop(start + at + TONE_S);
  }
}

/** Watches whether the game waits for this page's person and alerts once each time it starts to. */
export class TurnAlert {
  constructor() {
    this.waiting = false;
    this.title = document.title;
    // The first touch unlocks the sound for later (browsers keep a page silent until then).
    document.addEventListener("pointerdown", () => { if (audio?.state === "suspended") audio.resume(); });
  }

  /** ``waiting``: the game waits for this person now; ``base``: the tab's title otherwise. */
  update(waiting, base) {
    this.title = base;
    const on = alertsOn();
    if (waiting && !this.waiting && on) chime();
    this.waiting = waiting;
    document.title = waiting && on ? `● ${t("live.title_turn")} · ${base}` : base;
  }
}
