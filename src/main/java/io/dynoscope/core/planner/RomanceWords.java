package io.dynoscope.core.planner;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The word tables of {@link Translation}: Spanish and Italian function words, verbs, ordering
 * phrases, numbers and common domain nouns with the English the pattern reader knows. Keys are
 * lower case without accents ({@code más} is {@code mas}); a phrase's words are separated by one
 * space. An entry's kind says how it behaves once in English: a noun may be plural, an adjective
 * that follows its noun in Spanish and Italian moves before it, a plural article makes its noun
 * plural.
 */
final class RomanceWords {

    /** How an English word from the tables behaves in the sentence. */
    enum Kind {
        /** A function word, a verb or a phrase: kept in place. */
        WORD,
        /** A plural article or quantifier ("los", "gli", "todos"): the noun after it is plural. */
        PLURAL,
        /** An article: dropped before a possessive ("i suoi progetti" is "its projects"). */
        ARTICLE,
        /** A bare "de"/"di": "id de usuario" is "user id" when a noun without article follows. */
        OF,
        /** An adjective written after its noun: moves before it ("un proyecto concreto"). */
        ADJECTIVE,
        /** A noun: may be plural. */
        NOUN
    }

    /** An English rendering and how it behaves. */
    record Entry(String english, Kind kind) {}

    /** The words that say a sentence is Spanish (not English, mostly not Italian). */
    static final Set<String> SPANISH_MARKS =
            Set.of(
                    "el",
                    "los",
                    "las",
                    "del",
                    "por",
                    "para",
                    "cada",
                    "todos",
                    "todas",
                    "y",
                    "su",
                    "sus",
                    "mas",
                    "una",
                    "de",
                    "en",
                    "desde",
                    "hasta",
                    "entre",
                    "cuantos",
                    "cuantas",
                    "dado",
                    "dada",
                    "concreto",
                    "concreta",
                    "primero",
                    "reciente",
                    "recientes",
                    "ultimo",
                    "ultimos",
                    "ultima",
                    "ultimas");

    /** The words that say a sentence is Italian. */
    static final Set<String> ITALIAN_MARKS =
            Set.of(
                    "il",
                    "gli",
                    "della",
                    "dello",
                    "dei",
                    "degli",
                    "delle",
                    "nel",
                    "nella",
                    "nei",
                    "di",
                    "ogni",
                    "tutti",
                    "tutte",
                    "e",
                    "piu",
                    "suo",
                    "sua",
                    "suoi",
                    "sue",
                    "dal",
                    "dalla",
                    "dai",
                    "alla",
                    "ai",
                    "per",
                    "tra",
                    "fra",
                    "dopo",
                    "quanti",
                    "quante",
                    "recente",
                    "recenti",
                    "specifico",
                    "specifica",
                    "ultimi");

    /** The English words that say a sentence is English after all. */
    static final Set<String> ENGLISH_MARKS =
            Set.of(
                    "the", "a", "an", "of", "for", "by", "with", "and", "to", "from", "on", "at",
                    "its", "their", "all", "every", "each", "get", "list", "find", "show", "newest",
                    "latest", "first", "given", "is", "are", "my", "our");

    static final Map<String, Entry> SPANISH = new HashMap<>();
    static final Map<String, Entry> ITALIAN = new HashMap<>();

    /** Nouns of either language that domains share, to their English (singular). */
    static final Map<String, String> NOUNS = new HashMap<>();

    private RomanceWords() {}

    private static void words(Map<String, Entry> table, Kind kind, String english, String keys) {
        for (String key : keys.split("\\|")) {
            table.put(key, new Entry(english, kind));
        }
    }

    private static void both(Kind kind, String english, String keys) {
        words(SPANISH, kind, english, keys);
        words(ITALIAN, kind, english, keys);
    }

    private static void nouns(String english, String keys) {
        for (String key : keys.split("\\|")) {
            NOUNS.put(key, english);
        }
    }

    static {
        Map<String, Entry> es = SPANISH;
        // articles, prepositions and their contractions
        words(es, Kind.ARTICLE, "the", "el|la|lo");
        words(es, Kind.PLURAL, "the", "los|las");
        words(es, Kind.WORD, "a", "un|una|uno");
        words(es, Kind.PLURAL, "some", "unos|unas");
        words(es, Kind.OF, "of", "de");
        words(es, Kind.WORD, "of the", "del");
        words(es, Kind.WORD, "to the", "al");
        words(es, Kind.WORD, "to", "a");
        words(es, Kind.WORD, "in", "en|dentro");
        words(es, Kind.WORD, "by", "por");
        words(es, Kind.WORD, "for", "para");
        words(es, Kind.WORD, "with", "con|junto");
        words(es, Kind.WORD, "without", "sin");
        words(es, Kind.WORD, "and", "y|e");
        words(es, Kind.WORD, "or", "o|u");
        words(es, Kind.WORD, "its", "su");
        words(es, Kind.PLURAL, "their", "sus"); // "sus reservas": whose, the words say elsewhere
        words(es, Kind.WORD, "their", "suyo|suya");
        words(es, Kind.WORD, "every", "cada|cualquier");
        words(es, Kind.PLURAL, "all", "todos|todas|todo|toda");
        words(es, Kind.WORD, "that", "que|cual|cuales|cuyo|cuya");
        words(es, Kind.WORD, "it", "ella|ello");
        words(es, Kind.WORD, "between", "entre");
        words(es, Kind.WORD, "since", "desde");
        words(es, Kind.WORD, "until", "hasta");
        words(es, Kind.WORD, "after", "tras");
        words(es, Kind.WORD, "most", "mas");
        words(es, Kind.WORD, "how many", "cuantos|cuantas");
        words(es, Kind.WORD, "first", "primero|primera|primeros|primeras|primer");
        words(es, Kind.WORD, "last", "ultimo|ultima|ultimos|ultimas");
        words(es, Kind.ADJECTIVE, "recent", "reciente|recientes");
        words(es, Kind.WORD, "newest", "nuevos|nuevas");
        words(es, Kind.ADJECTIVE, "given", "dado|dada|dados|dadas|determinado|determinada");
        words(es, Kind.ADJECTIVE, "specific", "concreto|concreta|especifico|especifica");
        words(es, Kind.ADJECTIVE, "particular", "particular");
        words(es, Kind.ADJECTIVE, "single", "sola");
        words(es, Kind.WORD, "only", "solo|solamente|unicamente");
        words(es, Kind.WORD, "can", "puede|pueden|puedo|podemos");
        words(es, Kind.WORD, "want", "quiere|quieren|quiero|queremos");
        words(es, Kind.WORD, "need", "necesita|necesitan|necesito|necesitamos");
        words(es, Kind.WORD, "must", "debe|deben");
        words(es, Kind.ADJECTIVE, "certain", "cierto|cierta");
        words(es, Kind.ADJECTIVE, "new", "nuevo|nueva");
        words(es, Kind.ADJECTIVE, "open", "abierto|abierta|abiertos|abiertas");
        words(es, Kind.ADJECTIVE, "closed", "cerrado|cerrada|cerrados|cerradas");
        words(es, Kind.ADJECTIVE, "active", "activo|activa|activos|activas");
        words(es, Kind.ADJECTIVE, "pending", "pendiente|pendientes");
        words(es, Kind.WORD, "partial", "parcial");
        words(es, Kind.WORD, "unique", "unico");
        // verbs: infinitive, imperative (tú, usted) and third person
        words(es, Kind.WORD, "list", "listar|lista|liste|listas|enumerar|enumera|enumere");
        words(es, Kind.WORD, "get", "obtener|obten|obtenga|obtiene|conseguir|consigue|dame");
        words(es, Kind.WORD, "find", "encontrar|encuentra|encuentre|hallar|halla");
        words(es, Kind.WORD, "search", "buscar|busca|busque");
        words(es, Kind.WORD, "query", "consultar|consulta|consulte");
        words(es, Kind.WORD, "load", "cargar|carga|cargue");
        words(es, Kind.WORD, "show", "mostrar|muestra|muestre");
        words(es, Kind.WORD, "view", "ver|visualizar|visualiza");
        words(es, Kind.WORD, "retrieve", "recuperar|recupera|recupere|devolver|devuelve");
        words(es, Kind.WORD, "read", "leer|lee|lea");
        words(es, Kind.WORD, "count", "contar|cuente");
        words(es, Kind.WORD, "join", "unirse|unirte|unete|unir|apuntarse|inscribirse");
        words(es, Kind.WORD, "send", "enviar|envia|envie|mandar|manda");
        words(es, Kind.WORD, "publish", "publicar|publica");
        words(es, Kind.WORD, "cancel", "cancelar|cancela");
        words(es, Kind.WORD, "create", "crear|crea|cree");
        words(es, Kind.WORD, "add", "anadir|anade|agregar|agrega|insertar|inserta");
        words(es, Kind.WORD, "register", "registrar|registra");
        words(es, Kind.WORD, "save", "guardar|guarda");
        words(es, Kind.WORD, "update", "actualizar|actualiza|modificar|modifica|editar|edita");
        words(es, Kind.WORD, "change", "cambiar|cambia");
        words(es, Kind.WORD, "mark", "marcar|marca");
        words(es, Kind.WORD, "approve", "aprobar|aprueba");
        words(es, Kind.WORD, "delete", "eliminar|elimina|borrar|borra|quitar|quita");
        words(es, Kind.WORD, "sorted", "ordenado|ordenada|ordenados|ordenadas|ordenar");
        words(es, Kind.WORD, "ranked", "clasificado|clasificados");
        // phrases
        words(
                es,
                Kind.WORD,
                "newest first",
                "del mas reciente primero|del mas reciente al mas antiguo|mas recientes primero|mas reciente primero|del mas nuevo al mas viejo|del mas reciente");
        words(
                es,
                Kind.WORD,
                "oldest first",
                "del mas antiguo primero|del mas antiguo al mas reciente|mas antiguos primero|del mas antiguo|del mas viejo");
        words(es, Kind.ADJECTIVE, "most recent", "mas reciente|mas recientes");
        words(es, Kind.ADJECTIVE, "oldest", "mas antiguo|mas antigua|mas antiguos|mas antiguas");
        words(es, Kind.ADJECTIVE, "highest", "mas alto|mas alta|mas altos|mas altas");
        words(es, Kind.WORD, "top", "mejores|principales");
        words(es, Kind.WORD, "sorted by", "ordenados por|ordenadas por|ordenado por|ordenada por");
        words(es, Kind.WORD, "across all", "a nivel global|en todos los|en todas las");
        words(es, Kind.WORD, "in it", "dentro de el|dentro de ella");
        words(es, Kind.WORD, "before", "antes de|antes del");
        words(es, Kind.WORD, "after", "despues de|despues del");
        words(es, Kind.WORD, "since", "a partir de|a partir del");
        words(es, Kind.WORD, "on a", "en un|en una");
        words(es, Kind.WORD, "number of", "numero de|cantidad de");
        words(es, Kind.WORD, "date range", "rango de fechas|intervalo de fechas");
        words(es, Kind.WORD, "with", "junto con|junto a");
        words(es, Kind.WORD, "each of the", "cada uno de los|cada una de las");

        Map<String, Entry> it = ITALIAN;
        words(it, Kind.ARTICLE, "the", "il|lo|la|l'");
        words(it, Kind.PLURAL, "the", "i|gli|le");
        words(it, Kind.WORD, "a", "un|uno|una|un'");
        words(it, Kind.PLURAL, "some", "alcuni|alcune");
        words(it, Kind.OF, "of", "di|d'");
        words(it, Kind.WORD, "of the", "del|dello|della|dell'");
        words(it, Kind.PLURAL, "of the", "dei|degli|delle");
        words(it, Kind.WORD, "in the", "nel|nello|nella|nell'");
        words(it, Kind.PLURAL, "in the", "nei|negli|nelle");
        words(it, Kind.WORD, "to the", "al|allo|alla|all'");
        words(it, Kind.PLURAL, "to the", "ai|agli|alle");
        words(it, Kind.WORD, "from the", "dal|dallo|dalla|dall'");
        words(it, Kind.PLURAL, "from the", "dai|dagli|dalle");
        words(it, Kind.WORD, "on the", "sul|sullo|sulla|sull'");
        words(it, Kind.PLURAL, "on the", "sui|sugli|sulle");
        words(it, Kind.WORD, "to", "a|ad");
        words(it, Kind.WORD, "in", "in|dentro");
        words(it, Kind.WORD, "on", "su");
        words(it, Kind.WORD, "from", "da");
        words(it, Kind.WORD, "by", "per");
        words(it, Kind.WORD, "with", "con|insieme");
        words(it, Kind.WORD, "without", "senza");
        words(it, Kind.WORD, "and", "e|ed");
        words(it, Kind.WORD, "or", "o|oppure");
        words(it, Kind.WORD, "its", "suo|sua");
        words(it, Kind.PLURAL, "its", "suoi|sue");
        words(it, Kind.WORD, "their", "loro");
        words(it, Kind.WORD, "every", "ogni|qualsiasi|ciascun|ciascuno|ciascuna");
        words(it, Kind.PLURAL, "all", "tutti|tutte|tutto|tutta");
        words(it, Kind.WORD, "that", "che|cui|quale|quali");
        words(it, Kind.WORD, "between", "tra|fra");
        words(it, Kind.WORD, "after", "dopo");
        words(it, Kind.WORD, "until", "fino");
        words(it, Kind.WORD, "most", "piu");
        words(it, Kind.WORD, "how many", "quanti|quante");
        words(it, Kind.WORD, "first", "primo|prima|primi|prime");
        words(it, Kind.WORD, "last", "ultimo|ultima|ultimi|ultime");
        words(it, Kind.ADJECTIVE, "recent", "recente|recenti");
        words(it, Kind.ADJECTIVE, "given", "dato|dati|determinato|determinata");
        words(it, Kind.ADJECTIVE, "specific", "specifico|specifica|specifici|preciso|precisa");
        words(it, Kind.ADJECTIVE, "particular", "particolare");
        words(it, Kind.ADJECTIVE, "single", "singolo|singola|sola");
        words(it, Kind.WORD, "only", "solo|soltanto|solamente");
        words(it, Kind.WORD, "can", "puo|possono|posso|possiamo");
        words(it, Kind.WORD, "want", "vuole|vogliono|voglio|vogliamo");
        words(it, Kind.WORD, "must", "deve|devono|devo|dobbiamo");
        words(it, Kind.ADJECTIVE, "certain", "certo|certa");
        words(it, Kind.ADJECTIVE, "new", "nuovo|nuova|nuovi|nuove");
        words(it, Kind.ADJECTIVE, "open", "aperto|aperta|aperti|aperte");
        words(it, Kind.ADJECTIVE, "closed", "chiuso|chiusa|chiusi|chiuse");
        words(it, Kind.ADJECTIVE, "active", "attivo|attiva|attivi|attive");
        words(it, Kind.ADJECTIVE, "pending", "sospeso|sospesi|pendente|pendenti");
        words(it, Kind.WORD, "partial", "parziale");
        words(it, Kind.WORD, "unique", "univoco|unica|unico");
        words(it, Kind.WORD, "list", "elencare|elenca|elenchi|elencate|listare|lista");
        words(it, Kind.WORD, "get", "ottenere|ottieni|ottiene|ottenga|prendi|prendere");
        words(it, Kind.WORD, "find", "trovare|trova|trovi|individuare|individua");
        words(it, Kind.WORD, "search", "cercare|cerca|cerchi|ricercare");
        words(it, Kind.WORD, "query", "interrogare|interroga|consultare|consulta");
        words(it, Kind.WORD, "load", "caricare|carica|carichi");
        words(it, Kind.WORD, "show", "mostrare|mostra|mostri");
        words(it, Kind.WORD, "view", "visualizzare|visualizza|vedere|vedi");
        words(it, Kind.WORD, "retrieve", "recuperare|recupera|recuperi|restituire|restituisci");
        words(it, Kind.WORD, "read", "leggere|leggi|legga");
        words(it, Kind.WORD, "count", "contare|conta|conti");
        words(it, Kind.WORD, "join", "iscriversi|iscriviti|unirsi|unisciti");
        words(it, Kind.WORD, "send", "inviare|invia|invii|mandare|manda");
        words(it, Kind.WORD, "publish", "pubblicare|pubblica");
        words(it, Kind.WORD, "cancel", "annullare|annulla");
        words(it, Kind.WORD, "create", "creare|crea|crei");
        words(it, Kind.WORD, "add", "aggiungere|aggiungi|inserire|inserisci");
        words(it, Kind.WORD, "register", "registrare|registra");
        words(it, Kind.WORD, "save", "salvare|salva");
        words(it, Kind.WORD, "update", "aggiornare|aggiorna|modificare|modifica");
        words(it, Kind.WORD, "change", "cambiare|cambia");
        words(it, Kind.WORD, "mark", "segnare|segna|contrassegna");
        words(it, Kind.WORD, "approve", "approvare|approva");
        words(it, Kind.WORD, "delete", "eliminare|elimina|cancellare|cancella|rimuovere|rimuovi");
        words(it, Kind.WORD, "sorted", "ordinato|ordinata|ordinati|ordinate|ordinare");
        words(it, Kind.WORD, "ranked", "classificati|classificato");
        words(
                it,
                Kind.WORD,
                "newest first",
                "dal piu recente|dal piu recente al piu vecchio|dai piu recenti|piu recenti prima|piu recente prima|dal piu nuovo");
        words(
                it,
                Kind.WORD,
                "oldest first",
                "dal piu vecchio|dal piu vecchio al piu recente|dai piu vecchi|dal meno recente|piu vecchi prima");
        words(it, Kind.ADJECTIVE, "most recent", "piu recente|piu recenti");
        words(it, Kind.ADJECTIVE, "oldest", "piu vecchio|piu vecchia|piu vecchi|piu vecchie");
        words(it, Kind.ADJECTIVE, "highest", "piu alto|piu alta|piu alti|piu alte");
        words(it, Kind.WORD, "top", "migliori|principali");
        words(it, Kind.WORD, "sorted by", "ordinati per|ordinate per|ordinato per|ordinata per");
        words(it, Kind.WORD, "across all", "a livello globale|globalmente|in tutti i|in tutte le");
        words(it, Kind.WORD, "in it", "al suo interno|al loro interno");
        words(it, Kind.WORD, "before", "prima di|prima del|prima della");
        words(it, Kind.WORD, "after", "dopo il|dopo la");
        words(it, Kind.WORD, "since", "a partire da|a partire dal|a partire dalla");
        words(it, Kind.WORD, "until", "fino a|fino al|fino alla");
        words(it, Kind.WORD, "on a", "in un|in una|in un'");
        words(it, Kind.WORD, "number of", "numero di");
        words(it, Kind.WORD, "date range", "intervallo di date");
        words(it, Kind.WORD, "with", "insieme a|insieme ai|insieme alle|insieme con");
        words(it, Kind.WORD, "each of the", "ciascuno dei|ciascuna delle");

        both(Kind.WORD, "globally", "globalmente");
        String[][] numbers = {
            {"2", "dos|due"},
            {"3", "tres|tre"},
            {"4", "cuatro|quattro"},
            {"5", "cinco|cinque"},
            {"6", "seis|sei"},
            {"7", "siete|sette"},
            {"8", "ocho|otto"},
            {"9", "nueve|nove"},
            {"10", "diez|dieci"},
            {"20", "veinte|venti"},
            {"25", "veinticinco|venticinque"},
            {"50", "cincuenta|cinquanta"},
            {"100", "cien|cento"}
        };
        for (String[] n : numbers) {
            both(Kind.WORD, n[0], n[1]);
        }

        nouns("workspace", "espacio de trabajo|area de trabajo|spazio di lavoro");
        nouns("project", "proyecto|progetto");
        nouns("settings", "configuracion|ajustes|impostazioni|configurazione");
        nouns("user", "usuario|utente");
        nouns("customer", "cliente");
        nouns("order", "pedido|orden|ordine");
        nouns("product", "producto|prodotto");
        nouns("comment", "comentario|commento");
        nouns("post", "publicacion|entrada");
        nouns("author", "autor|autore");
        nouns("book", "libro");
        nouns("employee", "empleado|dipendente|impiegato");
        nouns("store", "tienda|negozio");
        nouns("message", "mensaje|messaggio");
        nouns("payment", "pago|pagamento");
        nouns("invoice", "factura|fattura");
        nouns("game", "juego|partida|partita|gioco");
        nouns("player", "jugador|giocatore");
        nouns("score", "puntuacion|punteggio");
        nouns("device", "dispositivo");
        nouns("session", "sesion|sessione");
        nouns("category", "categoria");
        nouns("tag", "etiqueta|etichetta");
        nouns("loan", "prestamo|prestito");
        nouns("member", "miembro|socio|membro");
        nouns("task", "tarea|compito");
        nouns("team", "equipo|squadra");
        nouns("warehouse", "almacen|magazzino");
        nouns("inventory", "inventario");
        nouns("image", "imagen|immagine");
        nouns("room", "sala|stanza");
        nouns("friend", "amigo|amico");
        nouns("event", "evento");
        nouns("agent", "agente");
        nouns("address", "direccion|indirizzo");
        nouns("city", "ciudad|citta");
        nouns("country", "pais|paese");
        nouns("state", "provincia|regione");
        nouns("zip code", "codigo postal|codice postale|cap");
        nouns("email", "correo|correo electronico|posta elettronica");
        nouns("phone number", "telefono|numero de telefono|numero di telefono");
        nouns("date", "fecha|data");
        nouns("day", "dia|giorno");
        nouns("month", "mes|mese");
        nouns("year", "ano|anno");
        nouns("hour", "hora");
        nouns("time", "tiempo|momento|orario");
        nouns("status", "estado|stato");
        nouns("name", "nombre|nome");
        nouns("title", "titulo|titolo");
        nouns("type", "tipo");
        nouns("code", "codigo|codice");
        nouns("number", "numero");
        nouns("id", "id|identificador|identificativo");
        nouns("price", "precio|prezzo");
        nouns("total", "importe|importo");
        nouns("account", "cuenta|cuenta corriente|conto");
        nouns("detail", "detalle|dettaglio");
        nouns("information", "informacion|informazione");
        nouns("competition", "competicion|competencia|concurso|gara|competizione|concorso");
        nouns("word", "palabra|parola");
        nouns("definition", "definicion|definizione");
        nouns("transaction", "transaccion|transazione");
        nouns(
                "waitlist",
                "lista de espera|lista d'attesa|lista d' attesa|lista d attesa|lista di attesa");
        nouns("repository", "repositorio|repository");
        nouns("issue", "incidencia");
        nouns("manager", "gerente|responsable|responsabile");
        nouns("office", "oficina|ufficio");
        nouns("course", "curso|corso");
        nouns("student", "estudiante|alumno|studente");
        nouns("reservation", "reserva|prenotazione");
        nouns("flight", "vuelo|volo");
        nouns("hotel", "hotel|albergo");
        nouns("photo", "foto");
        nouns("video", "video");
        nouns("song", "cancion|canzone");
        nouns("album", "album");
        nouns("artist", "artista");
        nouns("playlist", "lista de reproduccion");
        nouns("reading", "lectura|lettura");
        nouns("sensor", "sensor|sensore");
        nouns("version", "version|versione");
        nouns("document", "documento");
        nouns("file", "archivo|fichero");
        nouns("folder", "carpeta|cartella");
        nouns("like", "me gusta");
        nouns("follower", "seguidor|seguace");
        nouns("review", "resena|recensione");
        nouns("cart", "carrito|carrello");
        nouns("item", "articulo|elemento|articolo");
        nouns("list", "listado|elenco");
        nouns("history", "historial|cronologia|storico");
        nouns("component", "componente");
        nouns("parent", "padre|genitore");
        nouns("child", "hijo|figlio");
        nouns("level", "nivel|livello");
        nouns("request", "solicitud|richiesta");
        nouns("approval", "aprobacion|approvazione");
        nouns("shipment", "envio|spedizione");
        nouns("rating", "valoracion|valutazione");
        nouns("subscription", "suscripcion|abbonamento");
        nouns("group", "grupo|gruppo");
        nouns("channel", "canal|canale");
        nouns("thread", "hilo|discussione");
        nouns("notification", "notificacion|notifica");
        nouns("organization", "organizacion|organizzazione");
        nouns("tenant", "inquilino");
        nouns("plan", "plan|piano");
        nouns("label", "rotulo");
        nouns("campaign", "campana|campagna");
        nouns("profile", "perfil|profilo");
        nouns("advertiser", "anunciante|inserzionista");
        nouns("activity", "actividad|attivita");
        nouns("entity", "entidad|entita");
    }

    /** The English words that head an attribute's name ("user id", "creation date"). */
    static final Set<String> ATTRIBUTE_HEADS =
            Set.of("id", "date", "name", "status", "type", "code", "number", "title", "time");

    /** The singular forms a Spanish, Italian or English plural may stand for. */
    static List<String> singulars(String w) {
        List<String> forms = new ArrayList<>();
        int n = w.length();
        if (n < 3) {
            return forms;
        }
        if (w.endsWith("ces")) {
            forms.add(w.substring(0, n - 3) + "z");
        }
        if (w.endsWith("ies")) {
            forms.add(w.substring(0, n - 3) + "y");
        }
        if (w.endsWith("es")) {
            forms.add(w.substring(0, n - 2));
        }
        if (w.endsWith("s")) {
            forms.add(w.substring(0, n - 1));
        }
        if (w.endsWith("chi") || w.endsWith("ghi")) {
            forms.add(w.substring(0, n - 2) + "o");
        }
        if (w.endsWith("che") || w.endsWith("ghe")) {
            forms.add(w.substring(0, n - 2) + "a");
        }
        if (w.endsWith("i")) {
            String stem = w.substring(0, n - 1);
            forms.add(stem + "o");
            forms.add(stem + "e");
            forms.add(stem + "a");
        }
        if (w.endsWith("e")) {
            forms.add(w.substring(0, n - 1) + "a");
        }
        return forms;
    }
}
