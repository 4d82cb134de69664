import CPostgres
import CSQLite
