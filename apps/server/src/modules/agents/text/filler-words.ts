// Words that never name a product in a customer's message: pronouns, articles, polite fillers, the
// verbs of asking and buying, in English and Spanish. Product scoring skips them ("cuánto sale" is
// not "Sal de mar"), and a message made only of them needs no catalog look-up.

const FILLERS = new Set(
  `a an and are am be been can could do does did for from have has had i im i'm is it its it's me my of on or
  the to want what which with you your we our us they them this that these those there here need needs
  would like get got give just also too really so very now then some any all one ones much many more less
  will shall should may might let lets s t ll d re ve m please pls plz thank thanks hi hello hey dear sir
  madam team guys folks oh ah um well right good great nice cool awesome fine okay ok actually instead
  rather change make made about at by in into out up down over again still only same as than if but not no
  yes yeah sure maybe both each every other another either neither
  el la los las lo le les de del que por para quiero queria quisiera necesito necesitamos tienen tiene un
  una unos unas y o con mi mis me se su sus tu tus hay es son esta estan este esto eso esa ese favor
  hola buenas buenos dias tardes noches gracias mas menos muy bien mejor tambien ademas ya ahora luego
  entonces pero si no al a en porfa porfavor dale ok vale bueno listo perfecto nos les usted ustedes
  todo toda todos todas cada otro otra otros otras mismo misma cambia cambiar cambialo ponme pon agrega
  agregar agregame suma sumale anade quita quitar saca sacar sin mejor sean que sea son sale salen vale valen
  algun alguna algunos algunas algo nada cuesta cuestan cost costs price prices precio precios cuanto cuantos cuantas how much many quote send buy
  order take ill will id ya serian seria day days week weeks month months hour hours minute minutes today tomorrow
  tonight morning afternoon evening monday tuesday wednesday thursday friday saturday sunday dia dias semana
  semanas mes meses hora horas minutos hoy manana tarde noche lunes martes miercoles jueves viernes sabado
  domingo am pm asap urgent urgente plata dinero money`.split(/\s+/),
);

export function isFiller(word: string): boolean {
  return FILLERS.has(word);
}
