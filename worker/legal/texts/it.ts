// The legal pages in Italian: the same content as texts/en.ts (keep the two in step).
import type { LegalCopy } from "../legal-copy";

export const it: LegalCopy = {
  sample:
    "Testo di esempio: {title} mostra questo modello finché il marchio non lo sostituisce con il proprio, verificato dai suoi legali.",
  fictional:
    "I profili presenti su {title} sono fittizi e gestiti da operatori; il servizio è un intrattenimento per maggiorenni (18+).",
  company: "{company} · {address} · P. IVA {vat} · [{email}](mailto:{email}) · [{tel}]({telHref})",
  pages: {
    faq: [
      { h: "Che cos'è {title}?" },
      {
        p: "{title} è un servizio di chat online per maggiorenni (18+): sfogli i profili, metti mi piace, li visiti e chatti con loro.",
      },
      { h: "I profili sono persone reali?" },
      {
        p: "No. I profili sono fittizi e gestiti da operatori, talvolta con risposte automatiche. Le persone mostrate non si possono incontrare e nulla di quanto scritto in chat è una promessa di incontro.",
      },
      { h: "È gratis?" },
      {
        p: "L'iscrizione è gratuita e include alcuni messaggi gratis. Per scrivere di più acquisti crediti o un piano: vedi [le funzionalità](/legal/features) e [i termini](/legal/terms).",
      },
      { h: "Perché alcune risposte sono sfocate?" },
      {
        p: "Le risposte sono sfocate per i profili gratuiti che non hanno verificato un numero di cellulare. La verifica con il codice che ti inviamo via SMS, o un piano a pagamento, le mostra per intero.",
      },
      { h: "Come disdico un piano?" },
      {
        p: "I piani VIP si rinnovano automaticamente finché non li disdici. Puoi disdire in qualsiasi momento dalla [pagina di disiscrizione](/unsubscribe), con il pulsante di disiscrizione del tuo [profilo](/profile) o scrivendo all'assistenza clienti a {email}. Quanto hai pagato resta tuo fino alla fine del periodo.",
      },
      { h: "Come chiudo il mio profilo?" },
      {
        p: "Nel tuo [profilo](/profile) puoi disattivarlo dal menu impostazioni (resta nascosto; si riattiva solo tramite l'assistenza clienti) oppure eliminare l'account in I tuoi dati e la privacy: si ferma subito e viene cancellato dopo 30 giorni, a meno che tu non acceda prima. Lì puoi anche scaricare tutti i tuoi dati.",
      },
      { h: "L'e-mail di attivazione non è arrivata" },
      {
        p: "Può impiegare fino a 5 minuti. Controlla la cartella spam; la finestra che ti chiede di confermare l'indirizzo ti permette anche di correggerlo.",
      },
      { h: "Come vi contatto?" },
      { p: "Scrivi a {email}, chiama il {tel} o usa il [modulo di contatto](/contactUs)." },
    ],
    features: [
      { h: "Cosa puoi fare su {title}" },
      {
        ul: [
          "Cercare profili per regione e città.",
          "Match: scorrere i profili per mettere mi piace o passare oltre.",
          "Mettere mi piace e visitare i profili, e vedere chi ti ha messo mi piace o ti ha visitato in Notifiche.",
          "Chattare in tempo reale, con notifiche via e-mail, Telegram o push quando sei lontano.",
          "Dare al tuo profilo una foto, una descrizione e ciò che cerchi.",
        ],
      },
      { h: "Gratis e a pagamento" },
      {
        p: "Un profilo gratuito riceve alcuni crediti per rompere il ghiaccio e per i messaggi. I pacchetti di crediti aggiungono messaggi; i piani VIP aggiungono messaggi a ogni periodo e si rinnovano automaticamente (vedi [i termini](/legal/terms)). I prezzi sono indicati nella pagina dei piani prima del pagamento.",
      },
      { h: "Sicurezza" },
      {
        p: "I pagamenti passano da fornitori di pagamento certificati: {title} non vede né conserva il numero della tua carta. Se verifichi il tuo numero di cellulare, non viene mai mostrato a nessuno.",
      },
    ],
    privacy: [
      { h: "Chi è responsabile dei tuoi dati" },
      { p: "Il titolare del trattamento è {company}, {address}, P. IVA {vat}. Contatti: {email}, {tel}." },
      { h: "Cosa conserviamo e perché" },
      {
        ul: [
          "Account: indirizzo e-mail, password (solo come hash non reversibile), età, chi sei e chi cerchi, regione e città, e l'identificativo dell'account Google se accedi con Google. Per gestire il tuo account e mostrarti profili vicini a te.",
          "Profilo: nome utente, descrizione, cosa cerchi, fascia d'età preferita e le foto che carichi. Per mostrare e modificare il tuo profilo.",
          "Consensi: ogni casella dell'iscrizione, spuntata o no, e ogni modifica successiva nel profilo, con l'ora e la versione del testo. I termini e la dichiarazione di maggiore età sono obbligatori; i due consensi di marketing (promozioni, comunicazione a terzi) sono facoltativi e si cambiano quando vuoi nel profilo. Per dimostrare cosa hai accettato e rispettare cosa hai rifiutato.",
          "Chat: i tuoi messaggi, i mi piace, le visite, gli inviti e le notifiche, con i loro orari. Per far funzionare il servizio. Gli operatori leggono i tuoi messaggi e il tuo profilo per rispondere come il profilo a cui scrivi.",
          "Numero di cellulare, solo se lo verifichi, e il codice che ti inviamo (conservato solo come hash con chiave). Per verificare il profilo e tenere un numero per profilo.",
          "Pagamenti: piano, importo, stato e date, circuito e ultime quattro cifre della carta, e il token della carta conservato dal fornitore di pagamento (mai il numero della carta né il codice di sicurezza). Per ricevute, rinnovi, rimborsi e obblighi contabili.",
          "Crediti: ogni variazione del tuo saldo, perché sia sempre corretto.",
          "Dati tecnici: indirizzo IP, nome del browser, un identificativo casuale del tuo browser, come ci hai raggiunto (fonte, campagna) ed eventi d'uso (un profilo visto, un link di un'e-mail aperto). Per sicurezza (limiti a iscrizioni e accessi), prevenzione delle frodi e statistiche.",
          "Notifiche: le tue scelte per e-mail, Telegram e push, con l'id Telegram o il token push se le attivi. Per inviarti ciò che hai chiesto.",
          "E-mail: quali e-mail di servizio ti abbiamo inviato e quando, e gli indirizzi che hanno chiesto di non riceverne più.",
        ],
      },
      { h: "Chi altro li tratta" },
      {
        p: "Responsabili che agiscono su nostre istruzioni: hosting e database (Cloudflare, Neon), e-mail (Mailgun), SMS (Twilio), il fornitore di pagamento che scegli (circuiti di carte, PayPal, Apple Pay, Google Pay e altri) e Google se accedi con Google. Non vendiamo i tuoi dati; li comunichiamo a terzi per loro comunicazioni solo se hai spuntato quel consenso.",
      },
      { h: "Per quanto tempo" },
      {
        ul: [
          "Il tuo account e tutto ciò che contiene: finché non lo elimini. L'eliminazione lo ferma subito; dopo 30 giorni viene cancellato, foto comprese, a meno che tu non acceda prima, cosa che lo ripristina.",
          "Registrazioni dei pagamenti (ordini, pagamenti, rimborsi, recessi, movimenti dei crediti): 10 anni dal pagamento, come richiede la legge fiscale; dopo una cancellazione restano senza nulla che ti identifichi, poi vengono eliminate.",
          "Eventi d'uso: 365 giorni. L'elenco delle e-mail di servizio che ti abbiamo inviato: 90 giorni.",
          "Le notifiche che ti abbiamo inviato (quale, quando, su quale canale, se l'hai aperta): 180 giorni.",
          "Codici del telefono, codici di eliminazione e link all'archivio dei tuoi dati: eliminati 1 giorno dopo la scadenza.",
          "Un account la cui iscrizione chiedeva di confermare l'e-mail, mai confermata, senza pagamenti e inutilizzato da 30 giorni: cancellato.",
          "Il registro delle attività degli operatori, compreso ogni passo di un'eliminazione o di un recesso: 3 anni.",
          "Gli indirizzi che hanno chiesto di non ricevere più e-mail: finché serve per rispettarlo.",
        ],
      },
      { h: "I tuoi diritti" },
      {
        p: "Nel tuo [profilo](/profile), in I tuoi dati e la privacy, puoi scaricare tutti i tuoi dati in uno zip (account, profilo, foto, conversazioni, mi piace e visite, pagamenti e ricevute, consensi, accessi), dare o ritirare i consensi di marketing ed eliminare l'account. Correggi i tuoi dati modificando il profilo. Per tutto il resto (limitare un trattamento o opporti) scrivi a {email}. Puoi anche presentare reclamo al Garante per la protezione dei dati personali. Cookie e memoria del browser sono descritti nella [cookie policy](/legal/cookie).",
      },
    ],
    cookie: [
      { h: "Cookie e memoria del browser" },
      {
        p: '{title} usa cookie tecnici e la memoria del tuo browser per far funzionare il servizio; non richiedono consenso. Il banner chiede il consenso per altre due categorie, spente finché non le permetti e modificabili in ogni momento da "Preferenze cookie" in fondo a ogni pagina: analisi (oggi non è usato alcuno strumento di analisi) e marketing (i pixel dei partner pubblicitari del marchio, che comunicano a un partner che ti sei iscritto o hai tentato un pagamento). La tua scelta è conservata anche sul nostro server con la sua data, per mostrarla nel tuo profilo.',
      },
      { h: "I cookie" },
      {
        ul: [
          "google_oauth: solo quando accedi con Google, per 10 minuti, per verificare che la risposta di Google appartenga al tuo accesso (HttpOnly, solo questo sito).",
          "cc_cookie: la tua scelta sui cookie (le categorie permesse e quando), per 6 mesi.",
        ],
      },
      {
        p: "Se permetti il marketing, i pixel dei partner possono impostare propri cookie, descritti nelle loro informative.",
      },
      { h: "Local storage" },
      {
        p: "Queste voci restano nel tuo browser finché non cancelli i dati di questo sito (la sessione termina anche quando esci):",
      },
      {
        ul: [
          "token: la tua sessione, per restare connesso.",
          "trackerId, source, campid, remarketing_clickid, landedTime: l'id pubblico del tuo profilo e come sei arrivato sul sito (link, campagna, ora).",
          "fingerprint: un identificativo casuale che questo sito assegna al tuo browser (non letto dal dispositivo), per limitare le iscrizioni ripetute.",
          "country, city, ua: il paese del sito, la città scelta e il nome del browser, inviati con iscrizione e accesso.",
          "dispenserSeed, dispenserSeedTime, page: l'ordine dei risultati di ricerca (rinnovato ogni 30 minuti) e la pagina in cui eri.",
          "like, avatar, profiliVisitati, messaggiNonLetti: i profili a cui hai messo mi piace e quelli che hai visitato, la tua foto e il numero di messaggi non letti, mostrati subito alla visita successiva.",
          "notificheInPending, tipologiaNotifica, socketId, softwareVersion, outbox: notifiche arrivate mentre la scheda era nascosta, la connessione in tempo reale, la versione dell'app e i messaggi non ancora confermati dal server, perché nulla vada perso con una connessione instabile.",
          "cookiePolicy: la tua scelta sui cookie, come la legge l'app.",
          "pushSentAt, pushEndpoint: quando l'iscrizione alle notifiche push di questo browser ci è stata inviata l'ultima volta, e il suo indirizzo, per rinnovarla dopo 7 giorni.",
          "channelPopupAt: quando hai risposto l'ultima volta al popup che propone i canali di notifica.",
        ],
      },
      { h: "Session storage" },
      {
        ul: [
          "mollieReference: durante un pagamento con reindirizzamento, il riferimento di quel pagamento, fino alla chiusura della scheda.",
        ],
      },
      { h: "Altri siti" },
      {
        p: "Le pagine di pagamento dei fornitori (3-D Secure, PayPal, Mollie e altri) e la pagina di accesso di Google sono altri siti, con i loro cookie e le loro informative.",
      },
      { h: "Come rimuoverli" },
      {
        p: "Cancella i dati di questo sito nelle impostazioni del browser: il servizio si comporterà come alla prima visita. Vedi anche l'[informativa privacy](/legal/privacy).",
      },
    ],
    terms: [
      { h: "Il servizio" },
      {
        p: "{title} ({domain}) è fornito da {company}, {address}, P. IVA {vat}. Iscrivendoti accetti questi termini e l'[informativa privacy](/legal/privacy).",
      },
      { h: "Profili fittizi" },
      {
        p: "I profili presenti su {title} sono fittizi e gestiti da operatori, talvolta con risposte automatiche. Il servizio è un intrattenimento: le persone mostrate non si possono incontrare e nulla di quanto scritto in chat è una promessa di incontro.",
      },
      { h: "Chi può usarlo" },
      {
        p: "Solo maggiorenni (18+), un account per persona. Non inviare insulti, minacce, contenuti illeciti o dati personali di altri: un account che lo fa può essere disattivato.",
      },
      { h: "Crediti e prezzi" },
      {
        p: "I messaggi costano crediti. Il prezzo di ogni pacchetto e piano è indicato prima del pagamento. I pacchetti di crediti sono acquisti singoli e non si rinnovano.",
      },
      { h: "I piani si rinnovano automaticamente" },
      {
        p: "I piani VIP sono abbonamenti: si rinnovano automaticamente ogni 30 giorni al prezzo indicato all'acquisto, addebitato sulla carta salvata presso il fornitore di pagamento, finché non li disdici. Ogni rinnovo aggiunge i crediti del piano ed è confermato via e-mail. Se un rinnovo viene rifiutato riproviamo dopo 1, 3 e 7 giorni; poi il piano termina.",
      },
      { h: "Come disdire" },
      {
        ul: [
          "dalla [pagina di disiscrizione](/unsubscribe);",
          "con il pulsante di disiscrizione del tuo [profilo](/profile);",
          "oppure tramite l'assistenza clienti: {email}, {tel}.",
        ],
      },
      {
        p: "La disdetta ferma subito i rinnovi successivi. Quanto hai pagato resta attivo fino alla fine del periodo in corso e i tuoi crediti restano tuoi.",
      },
      { h: "Rimborsi" },
      {
        p: "Se non sei soddisfatto, scrivi all'assistenza clienti. Un pagamento rimborsato toglie i crediti e i vantaggi che aveva acquistato.",
      },
      { h: "Diritto di recesso (14 giorni)" },
      {
        p: "Puoi recedere da un acquisto entro 14 giorni, senza dare motivazioni, con “recedi dal contratto qui” nella sezione pagamenti del tuo [profilo](/profile) o nell'e-mail di conferma dell'acquisto. Confermi in un secondo passaggio e ti inviamo subito via e-mail una conferma con il contratto, la data e l'ora. Ti rimborsiamo entro 14 giorni, sul metodo di pagamento che hai usato.",
      },
      {
        p: "Al pagamento puoi chiedere che il servizio inizi subito. Per un piano VIP, se poi recedi, ti rimborsiamo il prezzo dei giorni del periodo non usati (un giorno iniziato conta come usato). Per un pacchetto di crediti, chiedendo i crediti subito riconosci di perdere il diritto di recesso per i crediti che usi: se recedi, ti rimborsiamo il prezzo dei crediti non usati (i crediti del pacchetto contano come gli ultimi usati) e li togliamo dal tuo account. Se non hai chiesto che il servizio iniziasse subito, ti rimborsiamo l'intero prezzo.",
      },
      { h: "Chiudere il profilo" },
      {
        p: "Puoi disattivare il profilo in qualsiasi momento dal suo menu impostazioni; un piano VIP in corso viene disdetto insieme; la riattivazione è possibile solo tramite l'assistenza clienti. Puoi anche eliminare l'account dal profilo: si ferma subito e viene cancellato dopo 30 giorni, a meno che tu non acceda prima (vedi l'[informativa privacy](/legal/privacy)).",
      },
      { h: "Modifiche e contatti" },
      {
        p: "Ti avviseremo via e-mail prima di una modifica di questi termini che riguardi un piano a pagamento. Domande: {email}, {tel} o il [modulo di contatto](/contactUs).",
      },
    ],
  },
};
