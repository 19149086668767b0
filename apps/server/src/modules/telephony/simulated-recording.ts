// The simulated provider's recordings are generated, not recorded (nobody spoke): a WAV as long as the
// call, a short tone at the start and silence after, so the call page's player has something real to
// play. 8 kHz 8-bit mono, as a phone line carries it.

const SAMPLE_RATE = 8000;
const TONE_HZ = 440;
const TONE_SECONDS = 0.4;
/** Longer calls get a recording of this length: the audio says nothing anyway. */
export const SIMULATED_RECORDING_MAX_SECONDS = 300;

/** A RIFF/WAVE file of `seconds` (at least one, at most SIMULATED_RECORDING_MAX_SECONDS). */
export function simulatedRecordingWav(seconds: number): Buffer {
  const length = Math.min(SIMULATED_RECORDING_MAX_SECONDS, Math.max(1, Math.round(seconds)));
  const samples = length * SAMPLE_RATE;
  const wav = Buffer.alloc(44 + samples);
  wav.write("RIFF", 0, "ascii");
  wav.writeUInt32LE(36 + samples, 4);
  wav.write("WAVE", 8, "ascii");
  wav.write("fmt ", 12, "ascii");
  wav.writeUInt32LE(16, 16); // the fmt chunk's size
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(SAMPLE_RATE, 24);
  wav.writeUInt32LE(SAMPLE_RATE, 28); // bytes a second: one byte a sample
  wav.writeUInt16LE(1, 32); // block align
  wav.writeUInt16LE(8, 34); // bits a sample
  wav.write("data", 36, "ascii");
  wav.writeUInt32LE(samples, 40);
  // 8-bit PCM is unsigned: 128 is silence.
  wav.fill(128, 44);
  const toneSamples = Math.min(samples, Math.round(TONE_SECONDS * SAMPLE_RATE));
  for (let i = 0; i < toneSamples; i++) {
    wav[44 + i] = 128 + Math.round(40 * Math.sin((2 * Math.PI * TONE_HZ * i) / SAMPLE_RATE));
  }
  return wav;
}
